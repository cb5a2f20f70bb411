import { defineCatalogue, endpointsOf } from './endpoint';
import { MeResponseSchema, MeSchema } from './me';
import { SuppressEntriesSchema } from './system-settings';

const { GET, POST } = endpointsOf({ tag: 'accounts', access: 'visitor' });

/**
 * The endpoints every page's shared runtime calls (log out, the current user, the entry
 * suppression setting): part of the catalogue (`endpoints` spreads them in), kept in their own
 * module so the runtime singleton bundles only these schemas, not every request's rules.
 */
export const sessionEndpoints = defineCatalogue({
  auth: {
    logout: POST('/api/auth/session/delete', {
      summary: 'ログアウト（セッションがなくても 204）',
      noContent: true,
    }),
  },
  me: {
    get: POST('/api/me/', {
      summary: 'ログイン中のユーザー（ビジターには {}）。csrftoken を発行',
      csrf: 'bootstrap',
      ok: MeResponseSchema,
    }),
    visitedEntryPage: POST('/api/me/visited_at_entry_page_after_mail_verification', {
      summary: 'メール確認後に申し込みページを初めて訪れた日時を記録',
      access: 'applicant',
      ok: MeSchema,
    }),
  },
  systemSettings: {
    suppressEntries: GET('/api/system_settings/supress_entries/', {
      summary: '新規申し込みの停止・メンテナンスの設定（API の綴りのまま）',
      tag: 'system',
      ok: SuppressEntriesSchema,
    }),
  },
});
