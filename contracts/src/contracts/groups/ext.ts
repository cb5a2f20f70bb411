import { group, endpoint } from '../endpoint';
import { CorporationListSchema, HoujinbangouQuerySchema } from '../lookups';

export const ext = group('ext', {
  houjinbangou: endpoint({
    method: 'GET',
    path: '/api/ext/houjinbangou/',
    tag: 'lookups',
    summary: '法人名から法人番号の候補（国税庁法人番号 Web-API、未設定なら同梱の索引）',
    access: 'applicant',
    query: HoujinbangouQuerySchema,
    success: { status: 200, schema: CorporationListSchema },
    errors: ['validation'],
  }),
});
