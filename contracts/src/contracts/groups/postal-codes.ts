import { group } from '../endpoint';
import { PostalCodeLookupSchema, PostalCodeParamsSchema } from '../postal-code';

export const postalCodes = group('postalCodes', { tag: 'address', access: 'visitor' }, ({ GET }) => ({
  get: GET('/api/postal-codes/{code}/', {
    summary: '郵便番号（7桁の数字）から住所（都道府県・市区町村・町域）を引く。日本郵便のデータ（オフライン）。該当なしは addresses が空',
    params: PostalCodeParamsSchema,
    ok: PostalCodeLookupSchema,
    errors: ['validation'],
  }),
}));
