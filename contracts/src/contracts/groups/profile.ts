import { group, endpoint, type Schema } from '../endpoint';
import { ProfileNameAndIdentityPatchSchema, ProfilePatchSchema, ProfileResponseSchema, ProfileWithoutSectorPatchSchema } from '../profile';

/** The profile's PATCHes: the applicant's own profile, the fields in `body`, the `version` lock (409). */
const profilePatch = <const Path extends string, const Body extends Schema>(path: Path, summary: string, body: Body) =>
  endpoint({
    method: 'PATCH',
    path,
    tag: 'profile',
    summary,
    access: 'applicant',
    body,
    success: { status: 200, schema: ProfileResponseSchema },
    errors: ['validation', 'conflict'],
  });

export const profile = group('profile', {
  get: endpoint({
    method: 'GET',
    path: '/api/profile/',
    tag: 'profile',
    summary: 'プロフィール',
    access: 'applicant',
    success: { status: 200, schema: ProfileResponseSchema },
  }),
  patch: profilePatch('/api/profile/', 'プロフィールの更新（addfiles: 添付するアップロード済みファイル）', ProfilePatchSchema),
  patchWithoutSector: profilePatch(
    '/api/profile_without_sector_and_business_summary/',
    'プロフィールの更新（業種・事業内容を除く）',
    ProfileWithoutSectorPatchSchema,
  ),
  patchNameAndIdentity: profilePatch('/api/profile_name_and_identity/', '氏名と本人確認書類の更新', ProfileNameAndIdentityPatchSchema),
});
