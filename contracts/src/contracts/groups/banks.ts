import { group, endpointsOf } from '../endpoint';
import { BankCodeParamsSchema, BankListSchema, BankQuerySchema, BranchListSchema } from '../lookups';

const { GET } = endpointsOf({ tag: 'lookups', access: 'applicant' });

export const banks = group('banks', {
  search: GET('/api/banks/', {
    summary: '金融機関の検索（漢字・ひらがな・カタカナ・半角カナ・コード。全銀データ）',
    query: BankQuerySchema,
    ok: BankListSchema,
    errors: ['validation'],
  }),
  branches: GET('/api/banks/{code}/branches/', {
    summary: '支店の検索（漢字・ひらがな・カタカナ・半角カナ・コード）',
    params: BankCodeParamsSchema,
    query: BankQuerySchema,
    ok: BranchListSchema,
    errors: ['validation', 'notFound'],
  }),
});
