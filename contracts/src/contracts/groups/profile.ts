import { group, type Schema } from '../endpoint';
import { ProfileNameAndIdentityPatchSchema, ProfilePatchSchema, ProfileResponseSchema, ProfileWithoutSectorPatchSchema } from '../profile';

/** The profile's PATCHes: the applicant's own profile, the fields in `body`, the `version` lock (409). */
const profilePatch = <const Body extends Schema>(body: Body) => ({ body, ok: ProfileResponseSchema, errors: ['conflict'] }) as const;

export const profile = group('profile', { tag: 'profile', access: 'applicant' }, ({ GET, PATCH }) => ({
  get: GET('/api/profile/', { summary: 'プロフィール', ok: ProfileResponseSchema }),
  patch: PATCH('/api/profile/', {
    summary: 'プロフィールの更新（addfiles: 添付するアップロード済みファイル）',
    ...profilePatch(ProfilePatchSchema),
  }),
  patchWithoutSector: PATCH('/api/profile_without_sector_and_business_summary/', {
    summary: 'プロフィールの更新（業種・事業内容を除く）',
    ...profilePatch(ProfileWithoutSectorPatchSchema),
  }),
  patchNameAndIdentity: PATCH('/api/profile_name_and_identity/', {
    summary: '氏名と本人確認書類の更新',
    ...profilePatch(ProfileNameAndIdentityPatchSchema),
  }),
}));
