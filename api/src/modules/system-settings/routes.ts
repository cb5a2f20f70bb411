import { SuppressEntriesSchema } from '@app/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { getSuppressEntries } from './service';

/** GET /api/system_settings/supress_entries/ (the API's spelling): public, no login needed. */
export function systemSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/system_settings/supress_entries/', { schema: { response: { 200: SuppressEntriesSchema } } }, async () =>
      getSuppressEntries(ctx.db),
    );
  };
}
