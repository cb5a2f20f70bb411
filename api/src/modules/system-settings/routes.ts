import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { getSuppressEntries } from './service';

/** The entry-suppression setting (public, no login needed). */
export const systemSettingsRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.systemSettings.suppressEntries, async () => getSuppressEntries(ctx.db)),
];
