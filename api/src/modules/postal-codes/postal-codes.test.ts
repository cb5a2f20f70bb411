import { POSTAL_CODE_MESSAGES, PostalCodeLookupSchema, normalizePostalCode } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_DETAIL } from '../../http/errors';
import { Agent, createUser, loggedIn, startTestApi, type TestApi } from '../../test/api';
import { POSTAL_CODE_CACHE_CONTROL } from './routes';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** A visitor: no session, no csrftoken cookie (as a registration page before anything else). */
const visitor = () => new Agent(api.app);
const lookup = async (code: string) => {
  const response = await visitor().get(`/api/postal-codes/${code}/`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe(POSTAL_CODE_CACHE_CONTROL);
  return PostalCodeLookupSchema.parse(response.json());
};

describe('GET /api/postal-codes/{code}/', () => {
  it('answers the address of 1000001 to a visitor (no login, no cookie), cacheable for a day', async () => {
    const response = await visitor().get('/api/postal-codes/1000001/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '1000001', addresses: [{ prefecture: '東京都', city: '千代田区', town: '千代田' }] });
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['0600042', '北海道', '札幌市中央区', '大通西'],
    ['5300001', '大阪府', '大阪市北区', '梅田'],
    ['5410041', '大阪府', '大阪市中央区', '北浜'],
    ['1500002', '東京都', '渋谷区', '渋谷'],
    ['9071801', '沖縄県', '八重山郡与那国町', '与那国'],
    ['4300946', '静岡県', '浜松市中央区', '元城町'], // the wards Hamamatsu has had since 2024-01-01
  ])('%s → %s %s %s', async (code, prefecture, city, town) => {
    expect(await lookup(code)).toEqual({ code, addresses: [{ prefecture, city, town }] });
  });

  it('a code for several towns answers each, in Japan Post’s order', async () => {
    expect(await lookup('4150531')).toEqual({
      code: '4150531',
      addresses: ['一町田', '伊浜', '落居', '天神原'].map((town) => ({ prefecture: '静岡県', city: '賀茂郡南伊豆町', town })),
    });
    const kiyosu = await lookup('4520961');
    expect(kiyosu.addresses.length).toBeGreaterThan(50);
    expect(new Set(kiyosu.addresses.map((a) => `${a.prefecture} ${a.city}`))).toEqual(new Set(['愛知県 清須市']));
    expect(kiyosu.addresses[0]).toEqual({ prefecture: '愛知県', city: '清須市', town: '春日明河原' });
  });

  it('a code for several cities answers each; "" where the code is the city’s 「以下に掲載がない場合」', async () => {
    expect(await lookup('2580000')).toEqual({
      code: '2580000',
      addresses: ['足柄上郡大井町', '足柄上郡松田町', '足柄上郡開成町'].map((city) => ({ prefecture: '神奈川県', city, town: '' })),
    });
    expect(await lookup('1000000')).toEqual({ code: '1000000', addresses: [{ prefecture: '東京都', city: '千代田区', town: '' }] });
  });

  it('town names come without Japan Post’s notes in parentheses', async () => {
    for (const code of ['0600042', '0640941', '6048006', '1006001']) {
      for (const address of (await lookup(code)).addresses) expect(address.town).not.toMatch(/[（(）)「」]/);
    }
  });

  it('an unknown code is 200 with no address (cacheable too)', async () => {
    expect(await lookup('9999999')).toEqual({ code: '9999999', addresses: [] });
    expect(await lookup('0000000')).toEqual({ code: '0000000', addresses: [] });
    expect(await lookup('1000009')).toEqual({ code: '1000009', addresses: [] });
  });

  it.each([
    ['with a hyphen', '100-0001'],
    ['six digits', '100000'],
    ['eight digits', '10000011'],
    ['letters', 'abcdefg'],
    ['full-width digits', encodeURIComponent('１０００００１')],
    ['the postal mark', encodeURIComponent('〒1000001')],
    ['a space', '100%200001'],
    ['a sign', '+100000'],
  ])('a code %s is 400 {"code": [message]} (the page normalises first), not cached', async (_label, code) => {
    const response = await visitor().get(`/api/postal-codes/${code}/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: [POSTAL_CODE_MESSAGES.invalid] });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('what the page sends after normalizePostalCode is found', async () => {
    const code = normalizePostalCode('〒１００－０００１');
    expect(code).toBe('1000001');
    expect((await lookup(code!)).addresses[0]).toMatchObject({ prefecture: '東京都', city: '千代田区' });
  });

  it('the same for a logged-in applicant', async () => {
    const agent = await loggedIn(api, await createUser(api));
    const response = await agent.get('/api/postal-codes/5300001/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '5300001', addresses: [{ prefecture: '大阪府', city: '大阪市北区', town: '梅田' }] });
  });

  it('the path as the API spells it: without the trailing slash, or with nothing, it is an unknown /api path', async () => {
    for (const url of ['/api/postal-codes/1000001', '/api/postal-codes/', '/api/postal-codes/1000001/x/']) {
      const response = await visitor().get(url);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, { detail: NOT_FOUND_DETAIL }]);
    }
  });
});
