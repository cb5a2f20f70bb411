import { ProfilePatchSchema, ProfileSchema, ProfileWithoutSectorPatchSchema } from '@app/shared/contracts';
import { ACCOUNT_MESSAGES, VersionFieldSchema } from '@app/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toProfile } from '../../accounts/users';
import type { AppContext } from '../../context';
import { loginRequired } from '../../http/login-required';
import { requireUser } from '../../http/session';
import { updateProfile } from './service';

/** The profile with the version a PATCH must name (optimistic lock). */
const ProfileResponseSchema = ProfileSchema.extend({ version: z.number().int().positive() });

/** Names, when sent, must not be blank (DRF CharField). */
function namesNotBlank(value: unknown, ctx: z.RefinementCtx): void {
  for (const field of ['first_name', 'last_name'] as const) {
    const name = (value as Record<string, unknown> | undefined)?.[field];
    if (typeof name === 'string' && name.trim() === '') ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.blank, path: [field] });
  }
}

const patchOf = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ version: VersionFieldSchema.optional() }).superRefine(namesNotBlank, { when: () => true });

/** PATCH /api/profile_name_and_identity/: the names (the identity documents come as addfiles). */
const NameAndIdentityPatchSchema = ProfilePatchSchema.pick({ first_name: true, last_name: true, addfiles: true });

/** GET/PATCH /api/profile/, PATCH /api/profile_without_sector_and_business_summary/, PATCH /api/profile_name_and_identity/. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guarded = { preValidation: loginRequired(ctx) };
    const response = { 200: ProfileResponseSchema };

    app.get('/api/profile/', { ...guarded, schema: { response } }, async (request) => toProfile(await requireUser(ctx, request)));

    for (const [url, schema] of [
      ['/api/profile/', patchOf(ProfilePatchSchema)],
      ['/api/profile_without_sector_and_business_summary/', patchOf(ProfileWithoutSectorPatchSchema)],
      ['/api/profile_name_and_identity/', patchOf(NameAndIdentityPatchSchema)],
    ] as const) {
      app.patch(url, { ...guarded, schema: { body: schema, response } }, async (request) =>
        updateProfile(ctx, await requireUser(ctx, request), request.body),
      );
    }
  };
}
