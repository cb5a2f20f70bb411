import { group } from '../endpoint';
import { CorporationListSchema, HoujinbangouQuerySchema } from '../lookups';

export const ext = group('ext', { tag: 'lookups', access: 'applicant' }, ({ GET }) => ({
  houjinbangou: GET('/api/ext/houjinbangou/', {
    summary: '法人名から法人番号の候補（国税庁法人番号 Web-API、未設定なら同梱の索引）',
    query: HoujinbangouQuerySchema,
    ok: CorporationListSchema,
  }),
}));
