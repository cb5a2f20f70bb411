import { group, endpoint } from '../endpoint';
import { PostalCodeLookupSchema, PostalCodeParamsSchema } from '../postal-code';

export const postalCodes = group('postalCodes', {
  get: endpoint({
    method: 'GET',
    path: '/api/postal-codes/{code}/',
    tag: 'address',
    summary: '郵便番号（7桁の数字）から住所（都道府県・市区町村・町域）を引く。日本郵便のデータ（オフライン）。該当なしは addresses が空',
    access: 'visitor',
    params: PostalCodeParamsSchema,
    success: { status: 200, schema: PostalCodeLookupSchema },
    errors: ['validation'],
  }),
});
