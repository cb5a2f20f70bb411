import { group, endpoint } from '../endpoint';
import { BankCodeParamsSchema, BankListSchema, BankQuerySchema, BranchListSchema } from '../lookups';

export const banks = group('banks', {
  search: endpoint({
    method: 'GET',
    path: '/api/banks/',
    tag: 'lookups',
    summary: '金融機関の検索（漢字・ひらがな・カタカナ・半角カナ・コード。全銀データ）',
    access: 'applicant',
    query: BankQuerySchema,
    success: { status: 200, schema: BankListSchema },
    errors: ['validation'],
  }),
  branches: endpoint({
    method: 'GET',
    path: '/api/banks/{code}/branches/',
    tag: 'lookups',
    summary: '支店の検索（漢字・ひらがな・カタカナ・半角カナ・コード）',
    access: 'applicant',
    params: BankCodeParamsSchema,
    query: BankQuerySchema,
    success: { status: 200, schema: BranchListSchema },
    errors: ['validation', 'notFound'],
  }),
});
