import { ACCOUNT_MESSAGES, BankListSchema, BranchListSchema, LOOKUP_MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_DETAIL } from '../../http/errors';
import { Agent, createUser, loggedIn, startTestApi, type TestApi } from '../../test/api';
import { BankDirectory, LOOKUP_LIMIT, type ZenginData } from './banks';
import { BANK_CACHE_CONTROL } from './routes';
import { bankQueryKey, branchQueryKey, corporationKey, searchKey } from './search-key';

describe('searchKey', () => {
  it.each([
    ['みずほ', 'ミズホ'],
    ['ミズホ', 'ミズホ'],
    ['ﾐｽﾞﾎ', 'ミズホ'],
    ['ﾊﾟﾙｺ', 'パルコ'],
    ['ゆうちょ', 'ユウチヨ'],
    ['ユウチョ', 'ユウチヨ'],
    ['ｷｬｯｼｭ', 'キヤツシユ'],
    ['ぁぃぅぇぉっゃゅょゎゕゖ', 'アイウエオツヤユヨワカケ'],
    ['ヴィラ', 'ブイラ'],
    ['ゔぃら', 'ブイラ'],
    ['ﾕｰｴﾌｼﾞｪｲ', 'ユーエフジエイ'],
    ['ユ－エフジエイ', 'ユーエフジエイ'],
    ['ユ-エフ−ジ‐エ―イ', 'ユーエフージーエーイ'],
    ['三菱ＵＦＪ', '三菱UFJ'],
    ['三菱ufj', '三菱UFJ'],
    ['ＰａｙＰａｙ', 'PAYPAY'],
    ['０００１', '0001'],
    [' スタンダード　チャータード ', 'スタンダードチヤータード'],
    ['クレディ・アグリコル', 'クレデイアグリコル'],
    ['クレデイ．アグリコル', 'クレデイアグリコル'],
    ['シティバンク、エヌ・エイ', 'シテイバンクエヌエイ'],
  ])('%j → %j', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });

  it.each([
    ['みずほ銀行', 'ミズホ'],
    ['ミズホギンコウ', 'ミズホ'],
    ['ﾐｽﾞﾎｷﾞﾝｺｳ', 'ミズホ'],
    ['北海道信用金庫', '北海道信金'],
    ['ほっかいどうしんようきんこ', 'ホツカイドウシンキン'],
    ['北央信用組合', '北央信組'],
    ['中央労働金庫', '中央労金'],
    ['秋田たかのす農業協同組合', '秋田タカノス農協'],
    ['銀行', '銀行'],
    ['銀行本店', '銀行本店'],
  ])('bank query %j → %j', (query, key) => {
    expect(bankQueryKey(query)).toBe(key);
  });

  it.each([
    ['渋谷支店', '渋谷'],
    ['しぶやしてん', 'シブヤ'],
    ['支店', '支店'],
    ['本店', '本店'],
    ['東京営業部', '東京営業部'],
  ])('branch query %j → %j', (query, key) => {
    expect(branchQueryKey(query)).toBe(key);
  });

  it.each([
    ['株式会社サンプル商事', 'サンプル商事'],
    ['サンプル商事（株）', 'サンプル商事'],
    ['サンプル商事㈱', 'サンプル商事'],
    ['(有)サンプル', 'サンプル'],
    ['サンプル合同会社', 'サンプル'],
    ['さんぷるしょうじ かぶしきがいしゃ', 'サンプルシヨウジ'],
    ['ｻﾝﾌﾟﾙ', 'サンプル'],
  ])('corporation %j → %j', (text, key) => {
    expect(corporationKey(text)).toBe(key);
  });
});

describe('BankDirectory (zengin-code)', () => {
  const directory = new BankDirectory();
  const codes = (query: string) => directory.searchBanks(query).map((bank) => bank.code);

  it('holds every bank and branch of the package (over a thousand banks, tens of thousands of branches)', () => {
    const { banks, branches } = directory.size();
    expect(banks).toBeGreaterThan(1000);
    expect(branches).toBeGreaterThan(25_000);
  });

  it.each([
    ['kanji', '三井住友'],
    ['kanji with 銀行', '三井住友銀行'],
    ['hiragana', 'みついすみとも'],
    ['katakana', 'ミツイスミトモ'],
    ['half-width katakana', 'ﾐﾂｲｽﾐﾄﾓ'],
    ['half-width katakana with ｷﾞﾝｺｳ', 'ﾐﾂｲｽﾐﾄﾓｷﾞﾝｺｳ'],
    ['the code', '0009'],
    ['the code in full width', '０００９'],
  ])('三井住友 (0009) by %s: %j, first', (_script, query) => {
    expect(directory.searchBanks(query)[0]).toEqual({ code: '0009', name: '三井住友', kana: 'ミツイスミトモ' });
  });

  it('みずほ: the bank before the trust bank and the 農協 with the word inside', () => {
    expect(codes('みずほ銀行').slice(0, 3)).toEqual(['0001', '0289', '4859']);
    expect(codes('ﾐｽﾞﾎ')[0]).toBe('0001');
  });

  it('small kana and long vowels as people type them: 三菱ＵＦＪ is ミツビシユ－エフジエイ in 全銀 kana', () => {
    expect(codes('みつびしゆーえふじぇい')).toEqual(['0005']);
    expect(codes('ﾐﾂﾋﾞｼﾕｰｴﾌｼﾞｪｲ')).toEqual(['0005']);
    expect(codes('三菱UFJ')).toEqual(['0005', '0288']);
    expect(codes('ゆうちょ銀行')).toEqual(['9900']);
  });

  it('信用金庫 and the other long forms find the abbreviated names', () => {
    expect(codes('北海道信用金庫')).toEqual(['1001']);
    expect(codes('北海道')[0]).toBe('0116');
    expect(codes('ホッカイドウ').slice(0, 2)).toEqual(['0116', '1001']);
  });

  it('a code prefix lists the codes that start with it, in code order; a code never matches inside', () => {
    expect(codes('000')).toEqual(['0001', '0005', '0009']);
    expect(codes('0')).toHaveLength(LOOKUP_LIMIT);
    expect(codes('0').every((code) => code.startsWith('0'))).toBe(true);
    expect(codes('9900')).toEqual(['9900']);
    expect(codes('99999')).toEqual([]);
  });

  it('an exact name comes before names that start with it, which come before names that contain it', () => {
    const found = directory.searchBanks('横浜');
    expect(found[0]).toEqual({ code: '0138', name: '横浜', kana: 'ヨコハマ' });
    const ranks = found.map((bank) => (bank.name === '横浜' ? 0 : bank.name.startsWith('横浜') ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('at most LOOKUP_LIMIT banks; nothing for what no bank is called', () => {
    expect(directory.searchBanks('信金')).toHaveLength(LOOKUP_LIMIT);
    expect(directory.searchBanks('存在しない銀行')).toEqual([]);
    expect(directory.searchBanks('銀行')).toEqual([]);
    expect(directory.searchBanks('・')).toEqual([]);
  });

  it.each([
    ['kanji', '渋谷'],
    ['kanji with 支店', '渋谷支店'],
    ['hiragana', 'しぶや'],
    ['katakana', 'シブヤ'],
    ['half-width katakana', 'ｼﾌﾞﾔ'],
    ['half-width katakana with ｼﾃﾝ', 'ｼﾌﾞﾔｼﾃﾝ'],
  ])('a branch of みずほ by %s: %j → 渋谷 first', (_script, query) => {
    expect(directory.searchBranches('0001', query)?.[0]).toEqual({ code: '210', name: '渋谷', kana: 'シブヤ' });
  });

  it('a branch by its code or code prefix; 本店 by name', () => {
    expect(directory.searchBranches('0001', '210')).toEqual([{ code: '210', name: '渋谷', kana: 'シブヤ' }]);
    expect(directory.searchBranches('0001', '00')?.map((branch) => branch.code)).toEqual(['001', '004', '005', '009']);
    expect(directory.searchBranches('0001', '本店')?.[0]).toEqual({ code: '100', name: '本店', kana: 'ホンテン' });
  });

  it('an unknown bank code is null; a known bank with no such branch is an empty list', () => {
    expect(directory.searchBranches('9999', '渋谷')).toBeNull();
    expect(directory.searchBranches('0001', '存在しない')).toEqual([]);
  });

  it('reads the data once, on the first search', () => {
    let loads = 0;
    const data: ZenginData = {
      '0002': { code: '0002', name: 'テスト', kana: 'テスト', branches: { '001': { code: '001', name: '本店', kana: 'ホンテン' } } },
    };
    const lazy = new BankDirectory(() => {
      loads++;
      return data;
    });
    expect(loads).toBe(0);
    expect(lazy.searchBanks('てすと')).toEqual([{ code: '0002', name: 'テスト', kana: 'テスト' }]);
    expect(lazy.searchBranches('0002', 'ﾎﾝﾃﾝ')).toEqual([{ code: '001', name: '本店', kana: 'ホンテン' }]);
    expect(lazy.searchBanks('0002')).toHaveLength(1);
    expect(loads).toBe(1);
  });
});

describe('GET /api/banks/ and /api/banks/{code}/branches/', () => {
  let api: TestApi;
  let applicant: Agent;
  beforeAll(async () => {
    api = await startTestApi();
    applicant = await loggedIn(api, await createUser(api));
  });
  afterAll(async () => {
    await api?.close();
  });

  const banks = async (q: string) => {
    const response = await applicant.get(`/api/banks/?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(BANK_CACHE_CONTROL);
    return BankListSchema.parse(response.json());
  };

  it.each([
    ['kanji', '三井住友銀行'],
    ['hiragana', 'みついすみとも'],
    ['katakana', 'ミツイスミトモ'],
    ['half-width katakana', 'ﾐﾂｲｽﾐﾄﾓ'],
    ['code prefix', '0009'],
  ])('banks by %s (%j): 三井住友 0009 first', async (_script, q) => {
    expect((await banks(q))[0]).toEqual({ code: '0009', name: '三井住友', kana: 'ミツイスミトモ' });
  });

  it('a code prefix answers the banks whose code starts with it', async () => {
    expect((await banks('000')).map((bank) => bank.code)).toEqual(['0001', '0005', '0009']);
  });

  it('no bank: an empty list', async () => {
    expect(await banks('存在しない銀行')).toEqual([]);
  });

  it.each([
    ['kanji', '渋谷支店'],
    ['hiragana', 'しぶや'],
    ['katakana', 'シブヤ'],
    ['half-width katakana', 'ｼﾌﾞﾔ'],
    ['code', '210'],
  ])('branches by %s (%j): みずほ 渋谷 210 first', async (_script, q) => {
    const response = await applicant.get(`/api/banks/0001/branches/?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(BANK_CACHE_CONTROL);
    expect(BranchListSchema.parse(response.json())[0]).toEqual({ code: '210', name: '渋谷', kana: 'シブヤ' });
  });

  it('an unknown bank code is 404', async () => {
    const response = await applicant.get(`/api/banks/9999/branches/?q=${encodeURIComponent('渋谷')}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND_DETAIL });
  });

  it.each([
    ['/api/banks/?q=', 'q'],
    [`/api/banks/?q=${encodeURIComponent('　 ')}`, 'q'],
    ['/api/banks/0001/branches/?q=', 'q'],
  ])('%s: an empty query is 400 with the message', async (url, field) => {
    const response = await applicant.get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [LOOKUP_MESSAGES.queryTooShort] });
  });

  it('no query, a query over 100 characters, a bank code that is not 4 digits: 400', async () => {
    for (const url of [
      '/api/banks/',
      `/api/banks/?q=${'あ'.repeat(101)}`,
      `/api/banks/0001/branches/?q=${'あ'.repeat(101)}`,
      `/api/banks/001/branches/?q=${encodeURIComponent('渋谷')}`,
      `/api/banks/abcd/branches/?q=${encodeURIComponent('渋谷')}`,
    ]) {
      const response = await applicant.get(encodeURI(url));
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
    expect((await applicant.get(`/api/banks/?q=${encodeURIComponent('あ'.repeat(100))}`)).statusCode).toBe(200);
  });

  it('403 for a visitor', async () => {
    const visitor = new Agent(api.app);
    for (const url of ['/api/banks/?q=0001', '/api/banks/0001/branches/?q=210']) {
      const response = await visitor.get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
    }
  });
});
