import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ACCOUNT_MESSAGES, CorporationListSchema, LOOKUP_MESSAGES } from '@app/contracts';
import { isValidHoujinbangou } from '@app/contracts/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../env';
import { Agent, createUser, loggedIn, startTestApi, type TestApi } from '../../test/api';
import offlineData from './offline-corporations.json' with { type: 'json' };
import {
  CORPORATION_LIMIT,
  corporationOfRow,
  corporationSource,
  NtaHoujinbangou,
  ntaNameUrl,
  OfflineCorporationIndex,
  parseCsv,
  type LookupLogger,
} from './houjinbangou';
import { CORPORATION_CACHE_CONTROL, lookupSettings } from './routes';

// The app reads HOUJINBANGOU_APP_ID from the validated environment; a test sets it.
const configured = vi.hoisted(() => ({ appId: undefined as string | undefined }));
vi.mock('../../env', async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  const env = new Proxy(actual.env, {
    get: (target, key) => (key === 'HOUJINBANGOU_APP_ID' ? configured.appId : (Reflect.get(target, key) as unknown)),
  });
  return { ...actual, env };
});

/** A local server standing in for the National Tax Agency's Web-API. */
interface FakeNta {
  readonly url: string;
  readonly requests: URL[];
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  close(): Promise<void>;
}

async function startNta(): Promise<FakeNta> {
  const requests: URL[] = [];
  const sockets = new Set<Socket>();
  const fake: FakeNta = {
    url: '',
    requests,
    handler: csv([]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://nta.test'));
    fake.handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, { url: `http://127.0.0.1:${port}` });
}

/** A Web-API data row (30 columns, version 4 layout) for a corporation. */
function row(number: string, name: string, options: { furigana?: string; latest?: string; closeDate?: string; hidden?: string } = {}) {
  const fields = Array<string>(30).fill('');
  fields[0] = '1';
  fields[1] = number;
  fields[2] = '01';
  fields[3] = '0';
  fields[4] = '2026-04-01';
  fields[5] = '2015-10-05';
  fields[6] = `"${name.replace(/"/g, '""')}"`;
  fields[8] = '301';
  fields[9] = '"東京都"';
  fields[10] = '"千代田区"';
  fields[11] = '"丸の内１丁目１－１"';
  fields[13] = '13';
  fields[14] = '101';
  fields[15] = '1000005';
  fields[18] = options.closeDate ?? '';
  fields[22] = '2015-10-05';
  fields[23] = options.latest ?? '1';
  fields[28] = options.furigana ? `"${options.furigana}"` : '';
  fields[29] = options.hidden ?? '0';
  return fields.join(',');
}

const csv =
  (rows: string[], status = 200) =>
  (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.writeHead(status, { 'content-type': 'text/csv; charset=UTF-8' });
    response.end([`2026-04-01,${rows.length},1,1`, ...rows].join('\r\n') + '\r\n');
  };

// Real-looking rows with valid check digits (the stand-in's data; numbers are made up, base 9999…).
const MIHON = { houjinbangou: '7999901000001', name: '株式会社見本商事', address: '東京都千代田区丸の内１丁目１－１' };
const MIHON_BUSSAN = { houjinbangou: '6999901000002', name: '見本物産株式会社', address: '東京都千代田区丸の内１丁目１－１' };
const BAD_CHECK_DIGIT = '1999901000001';

function recorder(): LookupLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (line) => void lines.push(line) };
}

function clock() {
  let now = Date.UTC(2026, 3, 1);
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('the bundled offline index', () => {
  const index = new OfflineCorporationIndex();

  it('is a small list of fictional corporations, every 法人番号 valid, every name unique', () => {
    const { corporations, note } = offlineData;
    expect(note).toMatch(/^FICTIONAL SAMPLE DATA/);
    expect(corporations.length).toBeGreaterThan(50);
    expect(corporations.length).toBeLessThanOrEqual(300);
    for (const corporation of corporations) {
      expect([corporation.houjinbangou, isValidHoujinbangou(corporation.houjinbangou)]).toEqual([corporation.houjinbangou, true]);
      // the registry office code 9999 does not exist: no real corporation has these numbers
      expect(corporation.houjinbangou.slice(1, 5)).toBe('9999');
    }
    expect(new Set(corporations.map((c) => c.name)).size).toBe(corporations.length);
    expect(new Set(corporations.map((c) => c.houjinbangou)).size).toBe(corporations.length);
    expect(index.size).toBe(corporations.length);
  });

  it.each([
    ['kanji without the legal form', 'サンプル商事'],
    ['with 株式会社', '株式会社サンプル商事'],
    ['with （株）', 'サンプル商事（株）'],
    ['hiragana', 'さんぷるしょうじ'],
    ['katakana', 'サンプルショウジ'],
    ['half-width katakana', 'ｻﾝﾌﾟﾙｼｮｳｼﾞ'],
  ])('finds 株式会社サンプル商事 by %s (%j), first', async (_how, query) => {
    expect((await index.search(query))[0]).toEqual({
      houjinbangou: '7999901000001',
      name: '株式会社サンプル商事',
      address: '東京都千代田区見本町１丁目１－１',
    });
  });

  it('a word inside many names: at most CORPORATION_LIMIT, those starting with it first', async () => {
    const found = await index.search('商事');
    expect(found.length).toBeGreaterThan(1);
    expect(found.length).toBeLessThanOrEqual(CORPORATION_LIMIT);
    expect(found.every((c) => c.name.includes('商事'))).toBe(true);
    const prefixed = await index.search('見本');
    expect(prefixed).toHaveLength(CORPORATION_LIMIT);
    expect(prefixed.every((c) => c.name.replace(/株式会社|有限会社|合同会社/, '').startsWith('見本'))).toBe(true);
  });

  it('nothing for an unknown name or a legal form alone', async () => {
    expect(await index.search('存在しない会社')).toEqual([]);
    expect(await index.search('株式会社')).toEqual([]);
  });

  it('drops entries whose 法人番号 has a bad check digit', async () => {
    const custom = new OfflineCorporationIndex([
      { houjinbangou: '7999901000001', name: '株式会社テスト', address: '東京都', kana: 'テスト' },
      { houjinbangou: BAD_CHECK_DIGIT, name: 'テスト二株式会社', address: '東京都', kana: 'テストニ' },
    ]);
    expect(custom.size).toBe(1);
    expect((await custom.search('テスト')).map((c) => c.houjinbangou)).toEqual(['7999901000001']);
  });

  it('is what the app uses without HOUJINBANGOU_APP_ID; the Web-API with it', () => {
    expect(corporationSource(undefined, () => new Date()).kind).toBe('offline');
    expect(corporationSource('KtestApp01', () => new Date()).kind).toBe('nta');
  });
});

describe('the Web-API CSV', () => {
  it('parses quoted fields, doubled quotes, commas inside quotes, CRLF and a missing last newline', () => {
    expect(parseCsv('a,"b,c","d""e"\r\n1,,3\n"x"')).toEqual([['a', 'b,c', 'd"e'], ['1', '', '3'], ['x']]);
    expect(parseCsv('')).toEqual([]);
    // csv-parse (issue 24): a byte-order mark is not part of the first field; a quote left open is
    // not a CSV (the adapter then answers no suggestion and warns).
    expect(parseCsv('\uFEFF2024-01-01,1\r\n')).toEqual([['2024-01-01', '1']]);
    expect(() => parseCsv('a,"b\n1,2')).toThrow();
  });

  it('a row: the current record of an open corporation, with its domestic address', () => {
    const [fields] = parseCsv(row(MIHON.houjinbangou, MIHON.name, { furigana: 'ミホンショウジ' }));
    expect(corporationOfRow(fields!)).toEqual({ corporation: { ...MIHON, furigana: 'ミホンショウジ' }, badCheckDigit: false });
  });

  it('no suggestion from a bad check digit, a former name, a closed or an excluded corporation', () => {
    const outcome = (line: string) => corporationOfRow(parseCsv(line)[0]!);
    expect(outcome(row(BAD_CHECK_DIGIT, 'x'))).toEqual({ corporation: null, badCheckDigit: true });
    expect(outcome(row(MIHON.houjinbangou, 'x', { latest: '0' })).corporation).toBeNull();
    expect(outcome(row(MIHON.houjinbangou, 'x', { closeDate: '2024-01-31' })).corporation).toBeNull();
    expect(outcome(row(MIHON.houjinbangou, 'x', { hidden: '1' })).corporation).toBeNull();
  });

  it('asks version 4 `name` for CSV (Unicode), partial match, open corporations only', () => {
    const url = new URL(ntaNameUrl('https://api.houjin-bangou.nta.go.jp', 'KtestApp01', '見本 商事&'));
    expect(url.pathname).toBe('/4/name');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: 'KtestApp01',
      name: '見本 商事&',
      type: '02',
      mode: '2',
      target: '1',
      close: '0',
    });
  });
});

describe('NtaHoujinbangou against a local stand-in', () => {
  let nta: FakeNta;
  beforeAll(async () => {
    nta = await startNta();
  });
  afterAll(async () => nta?.close());
  afterEach(() => {
    nta.requests.length = 0;
  });

  const adapter = (options: { timeoutMs?: number; now?: () => Date } = {}) =>
    new NtaHoujinbangou({ appId: 'KtestApp01', baseUrl: nta.url, now: options.now ?? clock().now, timeoutMs: options.timeoutMs ?? 2000 });

  it('ok: the rows as suggestions, best match first; the request carries the id and the name', async () => {
    nta.handler = csv([row(MIHON_BUSSAN.houjinbangou, MIHON_BUSSAN.name), row(MIHON.houjinbangou, MIHON.name)]);
    const log = recorder();
    expect(await adapter().search('見本商事', log)).toEqual([MIHON, MIHON_BUSSAN]);
    expect(nta.requests).toHaveLength(1);
    expect(nta.requests[0]!.pathname).toBe('/4/name');
    expect(nta.requests[0]!.searchParams.get('id')).toBe('KtestApp01');
    expect(nta.requests[0]!.searchParams.get('name')).toBe('見本商事');
    expect(log.lines).toEqual([]);
  });

  it('a row with a bad check digit is dropped (and said once in the log, without the application id)', async () => {
    nta.handler = csv([row(BAD_CHECK_DIGIT, '見本商事偽株式会社'), row(MIHON.houjinbangou, MIHON.name)]);
    const log = recorder();
    expect(await adapter().search('見本', log)).toEqual([MIHON]);
    expect(log.lines).toEqual([expect.stringMatching(/^houjinbangou: 1 row\(s\) from .* had no valid 法人番号 and were dropped$/)]);
    expect(log.lines[0]).not.toContain('KtestApp01');
  });

  it('at most CORPORATION_LIMIT suggestions', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => {
      const base = `999901${String(100 + i).padStart(6, '0')}`;
      let sum = 0;
      for (let n = 1; n <= 12; n++) sum += Number(base[12 - n]) * (n % 2 === 0 ? 2 : 1);
      return row(`${9 - (sum % 9)}${base}`, `見本${i}株式会社`);
    });
    nta.handler = csv(rows);
    expect(await adapter().search('見本', recorder())).toHaveLength(CORPORATION_LIMIT);
  });

  it('answers are cached per query for an hour; the same query at once is one request', async () => {
    nta.handler = (request, response) => setTimeout(() => csv([row(MIHON.houjinbangou, MIHON.name)])(request, response), 50);
    const time = clock();
    const cached = adapter({ now: time.now });
    const log = recorder();
    expect(await Promise.all([cached.search('見本', log), cached.search('見本', log)])).toEqual([[MIHON], [MIHON]]);
    expect(nta.requests).toHaveLength(1);
    time.advance(60 * 60 * 1000 - 1);
    expect(await cached.search('見本', log)).toEqual([MIHON]);
    expect(nta.requests).toHaveLength(1);
    time.advance(1);
    await cached.search('見本', log);
    expect(nta.requests).toHaveLength(2);
    await cached.search('見本物産', log);
    expect(nta.requests).toHaveLength(3);
  });

  it('a full cache lets go of the query asked least recently (lru-cache), not of the oldest answer', async () => {
    nta.handler = csv([row(MIHON.houjinbangou, MIHON.name)]);
    const time = clock();
    const small = new NtaHoujinbangou({ appId: 'KtestApp01', baseUrl: nta.url, now: time.now, cacheEntries: 2 });
    const log = recorder();
    await small.search('見本', log);
    await small.search('見本物産', log);
    await small.search('見本', log); // read again: now the most recently used
    await small.search('見本商事', log); // a third query: 見本物産 goes
    expect(nta.requests).toHaveLength(3);
    await small.search('見本', log);
    expect(nta.requests).toHaveLength(3);
    await small.search('見本物産', log);
    expect(nta.requests).toHaveLength(4);
  });

  it('timeout: no suggestion, a warning, within the time limit', async () => {
    nta.handler = (request, response) => setTimeout(() => csv([row(MIHON.houjinbangou, MIHON.name)])(request, response), 2000);
    const log = recorder();
    const started = Date.now();
    expect(await adapter({ timeoutMs: 200 }).search('見本', log)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(log.lines).toEqual([expect.stringContaining('no answer within 200 ms')]);
  });

  it('an error status or an answer that is not the CSV: no suggestion and a warning', async () => {
    for (const [handler, reason] of [
      [csv([], 403), 'HTTP 403'],
      [
        (_request: http.IncomingMessage, response: http.ServerResponse) => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<html>メンテナンス中</html>');
        },
        'the answer is not the CSV of the Web-API',
      ],
    ] as const) {
      nta.handler = handler;
      const log = recorder();
      expect(await adapter().search('見本', log)).toEqual([]);
      expect(log.lines).toEqual([expect.stringContaining(reason)]);
    }
  });

  it('connection refused: no suggestion and a warning', async () => {
    const gone = await startNta();
    await gone.close();
    const log = recorder();
    const down = new NtaHoujinbangou({ appId: 'KtestApp01', baseUrl: gone.url, now: clock().now });
    expect(await down.search('見本', log)).toEqual([]);
    expect(log.lines).toEqual([expect.stringContaining('connection failed')]);
  });

  it('a legal form alone asks nothing', async () => {
    expect(await adapter().search('株式会社', recorder())).toEqual([]);
    expect(nta.requests).toHaveLength(0);
  });
});

describe('GET /api/ext/houjinbangou/', () => {
  describe('without HOUJINBANGOU_APP_ID: the offline index', () => {
    let api: TestApi;
    let applicant: Agent;
    beforeAll(async () => {
      configured.appId = undefined;
      api = await startTestApi();
      applicant = await loggedIn(api, await createUser(api));
    });
    afterAll(async () => api?.close());

    it('answers the matching sample corporations, cacheable an hour in the browser', async () => {
      const response = await applicant.get(`/api/ext/houjinbangou/?name=${encodeURIComponent('ｻﾝﾌﾟﾙｼｮｳｼﾞ')}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(CORPORATION_CACHE_CONTROL);
      const found = CorporationListSchema.parse(response.json());
      expect(found[0]).toEqual({
        houjinbangou: '7999901000001',
        name: '株式会社サンプル商事',
        address: '東京都千代田区見本町１丁目１－１',
      });
    });

    it('empty, blank, missing or over 100 characters: 400', async () => {
      for (const name of ['', '　 ']) {
        const response = await applicant.get(`/api/ext/houjinbangou/?name=${encodeURIComponent(name)}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ name: [LOOKUP_MESSAGES.queryTooShort] });
      }
      expect((await applicant.get('/api/ext/houjinbangou/')).statusCode).toBe(400);
      expect((await applicant.get(`/api/ext/houjinbangou/?name=${encodeURIComponent('あ'.repeat(101))}`)).statusCode).toBe(400);
    });

    it('403 for a visitor', async () => {
      const response = await new Agent(api.app).get(`/api/ext/houjinbangou/?name=${encodeURIComponent('サンプル')}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
    });
  });

  describe('with HOUJINBANGOU_APP_ID: the Web-API', () => {
    let api: TestApi;
    let nta: FakeNta;
    let applicant: Agent;
    const original = lookupSettings.ntaApiUrl;
    beforeAll(async () => {
      nta = await startNta();
      nta.handler = csv([row(BAD_CHECK_DIGIT, '見本商事偽株式会社'), row(MIHON.houjinbangou, MIHON.name)]);
      configured.appId = 'KtestApp01';
      lookupSettings.ntaApiUrl = nta.url;
      api = await startTestApi();
      applicant = await loggedIn(api, await createUser(api));
    });
    afterAll(async () => {
      await api?.close();
      await nta?.close();
      configured.appId = undefined;
      lookupSettings.ntaApiUrl = original;
    });

    it('asks the Web-API and answers its corporations with a valid check digit', async () => {
      const response = await applicant.get(`/api/ext/houjinbangou/?name=${encodeURIComponent('見本')}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([MIHON]);
      expect(nta.requests.map((url) => url.searchParams.get('name'))).toEqual(['見本']);
    });
  });
});
