import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ACCOUNT_MESSAGES, NewsListSchema } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../env';
import { createUser, loggedIn, newAgent, startTestApi, type TestApi } from '../../test/api';
import { NEWS_CACHE_MS, NEWS_RETRY_MS, plainTitle, postsUrl, toNewsItem, WordPressNews, type NewsLogger } from './service';

// The app reads WORDPRESS_API_URL from the validated environment; here it points at a stand-in.
const configured = vi.hoisted(() => ({ apiUrl: undefined as string | undefined }));
vi.mock('../../env', async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  const env = new Proxy(actual.env, {
    get: (target, key) => (key === 'WORDPRESS_API_URL' ? configured.apiUrl : (Reflect.get(target, key) as unknown)),
  });
  return { ...actual, env };
});

/** A local server standing in for WordPress: answers with `handler`, records the paths asked for. */
interface FakeWordPress {
  readonly apiUrl: string;
  readonly paths: string[];
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  close(): Promise<void>;
}

const json =
  (body: unknown, status = 200) =>
  (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

async function startWordPress(): Promise<FakeWordPress> {
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const fake: FakeWordPress = {
    apiUrl: '',
    paths,
    handler: json([]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? '');
    fake.handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, { apiUrl: `http://127.0.0.1:${port}/wp-json` });
}

const POSTS = [
  {
    id: 812,
    date_gmt: '2026-03-31T15:30:00',
    link: 'https://example.com/news/812/',
    title: { rendered: '&#8220;年末年始&#8221;の営業 &amp; <strong>振込</strong>のお知らせ&#8230;' },
  },
  { id: 790, date_gmt: '2026-03-01T00:00:00', link: 'https://example.com/news/790/', title: { rendered: 'メンテナンス&nbsp;のお知らせ' } },
];
const ITEMS = [
  {
    id: 812,
    title: '“年末年始”の営業 & 振込のお知らせ…',
    url: 'https://example.com/news/812/',
    published_at: '2026-04-01T00:30:00.000000+09:00',
  },
  { id: 790, title: 'メンテナンス のお知らせ', url: 'https://example.com/news/790/', published_at: '2026-03-01T09:00:00.000000+09:00' },
];
const EXPECTED_PATH = '/wp-json/wp/v2/posts?tags=15&per_page=5&_fields=id,date_gmt,link,title';

/** A logger that keeps its lines. */
function recorder(): NewsLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (line) => void lines.push(`warn ${line}`), info: (line) => void lines.push(`info ${line}`) };
}

/** A clock the test moves. */
function clock() {
  let now = Date.UTC(2026, 3, 1);
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('plainTitle and toNewsItem', () => {
  it.each([
    ['Hello &amp; welcome', 'Hello & welcome'],
    ['<em>強調</em>と<a href="x">リンク</a>', '強調とリンク'],
    ['&#8211; &#x2014; &lt;b&gt; &quot;q&quot; &#39;s&#39;', '– — <b> "q" \'s\''],
    ['  改行\nと\t空白  ', '改行 と 空白'],
    ['unknown &bogus; and &#0; and &#xD800; stay', 'unknown &bogus; and &#0; and &#xD800; stay'],
  ])('%j → %j', (html, text) => {
    expect(plainTitle(html)).toBe(text);
  });

  it('a post without an http(s) link, a GMT date or a title is no news item', () => {
    expect(toNewsItem(POSTS[0])).toEqual(ITEMS[0]);
    expect(toNewsItem({ ...POSTS[0], link: 'javascript:alert(1)' })).toBeNull();
    expect(toNewsItem({ ...POSTS[0], date_gmt: '2026-03-31' })).toBeNull();
    expect(toNewsItem({ ...POSTS[0], date_gmt: '2026-13-45T99:00:00' })).toBeNull();
    expect(toNewsItem({ ...POSTS[0], title: 'plain' })).toBeNull();
    expect(toNewsItem({ ...POSTS[0], id: 1.5 })).toBeNull();
    expect(toNewsItem('post')).toBeNull();
  });

  it('asks for tag 15, five posts, four fields', () => {
    expect(postsUrl('https://example.com/wp-json')).toBe(`https://example.com${EXPECTED_PATH}`);
  });
});

describe('WordPressNews', () => {
  let wordpress: FakeWordPress;
  beforeAll(async () => {
    wordpress = await startWordPress();
  });
  afterAll(async () => wordpress?.close());
  afterEach(() => {
    wordpress.paths.length = 0;
  });

  it('maps the posts (posts that make no item are left out, said once) and keeps them 10 minutes', async () => {
    wordpress.handler = json([...POSTS, { ...POSTS[0], id: 3, link: 'ftp://example.com/x' }]);
    const time = clock();
    const log = recorder();
    const news = new WordPressNews({ apiUrl: wordpress.apiUrl, now: time.now });
    expect(await news.list(log)).toEqual(ITEMS);
    expect(wordpress.paths).toEqual([EXPECTED_PATH]);
    expect(log.lines).toEqual([expect.stringMatching(/^warn news: 1 of 3 posts from .* were left out/)]);

    time.advance(NEWS_CACHE_MS - 1);
    expect(await news.list(log)).toEqual(ITEMS);
    expect(wordpress.paths).toHaveLength(1);

    wordpress.handler = json(POSTS.slice(1));
    time.advance(1);
    expect(await news.list(log)).toEqual(ITEMS.slice(1));
    expect(wordpress.paths).toHaveLength(2);
    expect(log.lines).toHaveLength(1);
  });

  it('requests arriving together share one request to WordPress', async () => {
    wordpress.handler = (request, response) => setTimeout(() => json(POSTS)(request, response), 50);
    const news = new WordPressNews({ apiUrl: wordpress.apiUrl, now: clock().now });
    const log = recorder();
    const answers = await Promise.all([news.list(log), news.list(log), news.list(log)]);
    expect(answers).toEqual([ITEMS, ITEMS, ITEMS]);
    expect(wordpress.paths).toHaveLength(1);
  });

  it('not configured: an empty list, said once', async () => {
    const news = new WordPressNews({ apiUrl: undefined, now: clock().now });
    const log = recorder();
    expect(await news.list(log)).toEqual([]);
    expect(await news.list(log)).toEqual([]);
    expect(log.lines).toEqual(['warn news: WORDPRESS_API_URL is not set, so GET /api/news/ answers an empty list']);
  });

  it('down (connection refused): an empty list, one warning per outage, asked again after a minute', async () => {
    const gone = await startWordPress();
    await gone.close();
    const time = clock();
    const log = recorder();
    const news = new WordPressNews({ apiUrl: gone.apiUrl, now: time.now });
    expect(await news.list(log)).toEqual([]);
    expect(log.lines).toEqual([
      expect.stringMatching(/^warn news: WordPress could not be read \(http:.*: connection failed \(ECONNREFUSED\)\)/),
    ]);
    for (let i = 0; i < 5; i++) {
      time.advance(NEWS_RETRY_MS);
      expect(await news.list(log)).toEqual([]);
    }
    expect(log.lines).toHaveLength(1);
  });

  it('an error status, then recovery: one warning, one line when it answers again', async () => {
    const time = clock();
    const log = recorder();
    const news = new WordPressNews({ apiUrl: wordpress.apiUrl, now: time.now });
    wordpress.handler = json({ code: 'internal_server_error' }, 503);
    expect(await news.list(log)).toEqual([]);
    expect(await news.list(log)).toEqual([]); // within the retry window: WordPress is not asked
    expect(wordpress.paths).toHaveLength(1);
    time.advance(NEWS_RETRY_MS);
    expect(await news.list(log)).toEqual([]);
    expect(wordpress.paths).toHaveLength(2);

    wordpress.handler = json(POSTS);
    time.advance(NEWS_RETRY_MS);
    expect(await news.list(log)).toEqual(ITEMS);
    expect(log.lines).toEqual([
      expect.stringMatching(
        /^warn news: WordPress could not be read \(.*: HTTP 503\); GET \/api\/news\/ answers an empty list until it can/,
      ),
      `info news: WordPress answers again (${wordpress.apiUrl}/wp/v2/posts?tags=15&per_page=5&_fields=id,date_gmt,link,title)`,
    ]);
  });

  it.each([
    ['garbage', '<html>WordPress のデータベース接続エラー</html>', 'the answer is not JSON'],
    ['truncated JSON', '[{"id": 1, "title"', 'the answer is not JSON'],
    ['not a list', { code: 'rest_no_route', message: 'No route' }, 'the answer is not a list of posts'],
  ])('%s: an empty list and a warning', async (_name, body, reason) => {
    wordpress.handler = json(body);
    const log = recorder();
    const news = new WordPressNews({ apiUrl: wordpress.apiUrl, now: clock().now });
    expect(await news.list(log)).toEqual([]);
    expect(log.lines).toEqual([expect.stringContaining(`: ${reason}); GET /api/news/ answers an empty list`)]);
  });

  it('slow headers or a stalled body: given up after the timeout', async () => {
    const log = recorder();
    wordpress.handler = (request, response) => setTimeout(() => json(POSTS)(request, response), 2000);
    const slow = new WordPressNews({ apiUrl: wordpress.apiUrl, now: clock().now, timeoutMs: 200 });
    let started = Date.now();
    expect(await slow.list(log)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(log.lines).toEqual([expect.stringContaining(': no answer within 200 ms)')]);

    wordpress.handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[{"id": 1,'); // and nothing more
    };
    const stalled = new WordPressNews({ apiUrl: wordpress.apiUrl, now: clock().now, timeoutMs: 200 });
    started = Date.now();
    expect(await stalled.list(log)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(log.lines.at(-1)).toContain(': no answer within 200 ms)');
  });

  it('an answer over 1 MiB is refused', async () => {
    wordpress.handler = json(`[${'"x",'.repeat(300_000)}"x"]`);
    const log = recorder();
    const news = new WordPressNews({ apiUrl: wordpress.apiUrl, now: clock().now });
    expect(await news.list(log)).toEqual([]);
    expect(log.lines).toEqual([expect.stringContaining('answer too large')]);
  });
});

describe('GET /api/news/', () => {
  let wordpress: FakeWordPress;
  let api: TestApi;
  beforeAll(async () => {
    wordpress = await startWordPress();
    wordpress.handler = json(POSTS);
    configured.apiUrl = wordpress.apiUrl;
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
    await wordpress?.close();
    configured.apiUrl = undefined;
  });

  it("an applicant gets the configured WordPress's posts, read once for everybody", async () => {
    const first = await loggedIn(api, await createUser(api));
    const second = await loggedIn(api, await createUser(api));
    const response = await first.get('/api/news/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ITEMS);
    expect(NewsListSchema.safeParse(response.json()).error).toBeUndefined();
    expect((await second.get('/api/news/')).json()).toEqual(ITEMS);
    expect(wordpress.paths).toEqual([EXPECTED_PATH]);
  });

  it('403 for a visitor (WordPress is not asked)', async () => {
    const before = wordpress.paths.length;
    const response = await (await newAgent(api)).get('/api/news/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ACCOUNT_MESSAGES.notAuthenticated });
    expect(wordpress.paths).toHaveLength(before);
  });
});
