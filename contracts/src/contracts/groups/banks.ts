import { group } from '../endpoint';
import { BankCodeParamsSchema, BankListSchema, BankQuerySchema, BranchListSchema } from '../lookups';

export const banks = group('banks', { tag: 'lookups', access: 'applicant' }, ({ GET }) => ({
  search: GET('/api/banks/', {
    summary: '金融機関の検索（漢字・ひらがな・カタカナ・半角カナ・コード。全銀データ）',
    query: BankQuerySchema,
    ok: BankListSchema,
  }),
  branches: GET('/api/banks/{code}/branches/', {
    summary: '支店の検索（漢字・ひらがな・カタカナ・半角カナ・コード）',
    params: BankCodeParamsSchema,
    query: BankQuerySchema,
    ok: BranchListSchema,
    errors: ['notFound'],
  }),
}));
