import { group, endpointsOf, type Schema } from '../endpoint';
import { ProfileNameAndIdentityPatchSchema, ProfilePatchSchema, ProfileResponseSchema, ProfileWithoutSectorPatchSchema } from '../profile';

const { GET, PATCH } = endpointsOf({ tag: 'profile', access: 'applicant' });

/** The profile's PATCHes: the applicant's own profile, the fields in `body`, the `version` lock (409). */
const profilePatch = <const Path extends string, const Body extends Schema>(path: Path, summary: string, body: Body) =>
  PATCH(path, { summary, body, ok: ProfileResponseSchema, errors: ['validation', 'conflict'] });

export const profile = group('profile', {
  get: GET('/api/profile/', { summary: 'プロフィール', ok: ProfileResponseSchema }),
  patch: profilePatch('/api/profile/', 'プロフィールの更新（addfiles: 添付するアップロード済みファイル）', ProfilePatchSchema),
  patchWithoutSector: profilePatch(
    '/api/profile_without_sector_and_business_summary/',
    'プロフィールの更新（業種・事業内容を除く）',
    ProfileWithoutSectorPatchSchema,
  ),
  patchNameAndIdentity: profilePatch('/api/profile_name_and_identity/', '氏名と本人確認書類の更新', ProfileNameAndIdentityPatchSchema),
});
