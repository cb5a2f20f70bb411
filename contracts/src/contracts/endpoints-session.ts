import { defineCatalogue, endpoint } from './endpoint';
import { MeResponseSchema, MeSchema } from './me';
import { SuppressEntriesSchema } from './system-settings';

/**
 * The endpoints every page's shared runtime calls (log out, the current user, the entry
 * suppression setting): part of the catalogue (`endpoints` spreads them in), kept in their own
 * module so the runtime singleton bundles only these schemas, not every request's rules.
 */
export const sessionEndpoints = defineCatalogue({
  auth: {
    logout: endpoint({
      method: 'POST',
      path: '/api/auth/session/delete',
      tag: 'accounts',
      summary: 'ログアウト（セッションがなくても 204）',
      access: 'visitor',
      success: { status: 204, schema: null },
    }),
  },
  me: {
    get: endpoint({
      method: 'POST',
      path: '/api/me/',
      tag: 'accounts',
      summary: 'ログイン中のユーザー（ビジターには {}）。csrftoken を発行',
      access: 'visitor',
      csrf: 'bootstrap',
      success: { status: 200, schema: MeResponseSchema },
    }),
    visitedEntryPage: endpoint({
      method: 'POST',
      path: '/api/me/visited_at_entry_page_after_mail_verification',
      tag: 'accounts',
      summary: 'メール確認後に申し込みページを初めて訪れた日時を記録',
      access: 'applicant',
      success: { status: 200, schema: MeSchema },
    }),
  },
  systemSettings: {
    suppressEntries: endpoint({
      method: 'GET',
      path: '/api/system_settings/supress_entries/',
      tag: 'system',
      summary: '新規申し込みの停止・メンテナンスの設定（API の綴りのまま）',
      access: 'visitor',
      success: { status: 200, schema: SuppressEntriesSchema },
    }),
  },
});
