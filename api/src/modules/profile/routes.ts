import { endpoints } from '@app/contracts';
import { profileFilesOf, toProfile } from '../../accounts/users';
import type { AppContext } from '../../context';
import { implement, type Implementation } from '../../http/endpoints';
import { updateProfile } from './service';

/** The profile and its three PATCHes (all with the optimistic `version` lock). */
export const profileRoutes = (ctx: AppContext): Implementation[] => [
  implement(endpoints.profile.get, async ({ auth }) => toProfile(auth.user, await profileFilesOf(ctx.db, auth.user.id))),
  implement(endpoints.profile.patch, async ({ auth, body }) => updateProfile(ctx, auth.user, body, 'profile')),
  implement(endpoints.profile.patchWithoutSector, async ({ auth, body }) => updateProfile(ctx, auth.user, body, 'withoutSector')),
  implement(endpoints.profile.patchNameAndIdentity, async ({ auth, body }) => updateProfile(ctx, auth.user, body, 'nameAndIdentity')),
];
