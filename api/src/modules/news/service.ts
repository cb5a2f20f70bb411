import { NewsItemSchema, type NewsItem } from '@app/contracts';
import { WORDPRESS_TAG_ID } from '@app/contracts/domain';
import { z } from 'zod';
import { drfDateTime } from '../../accounts/users';
import { OutsideServiceUnavailable, failureReason, fetchTextAtMost } from '../../http/outside-service';

/** How many posts /mypage shows. */
export const NEWS_COUNT = 5;
/** A list read from WordPress is served this long before WordPress is asked again. */
export const NEWS_CACHE_MS = 10 * 60 * 1000;
/** WordPress must have answered (headers and body) within this time. */
export const NEWS_TIMEOUT_MS = 3000;
/** After a failure, the empty list is served this long before WordPress is asked again. */
export const NEWS_RETRY_MS = 60 * 1000;
/** A larger answer is not five post titles: it is refused. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Where the lines go: Fastify's (pino) request logger fits. */
export interface NewsLogger {
  warn(message: string): void;
  info(message: string): void;
}

export interface WordPressNewsOptions {
  /** WORDPRESS_API_URL (`https://example.com/wp-json`, no trailing slash); undefined: no news. */
  readonly apiUrl: string | undefined;
  /** The app's clock (the cache's time). */
  readonly now: () => Date;
  readonly timeoutMs?: number;
  readonly cacheMs?: number;
  readonly retryMs?: number;
}

/** The posts endpoint: the spec's tag (§9), the newest `NEWS_COUNT`, only the fields we map. */
export const postsUrl = (apiUrl: string): string =>
  `${apiUrl}/wp/v2/posts?tags=${WORDPRESS_TAG_ID}&per_page=${NEWS_COUNT}&_fields=id,date_gmt,link,title`;

const WordPressPostSchema = z.object({
  id: z.number(),
  date_gmt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  link: z.string(),
  title: z.object({ rendered: z.string() }),
});

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  yen: '¥',
  times: '×',
};

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[name] ?? entity;
}

/**
 * A WordPress `title.rendered` as plain text: tags removed, then character references decoded
 * (WordPress writes `&#8211;`, `&amp;`, `&#8220;`…), whitespace collapsed. The client shows it as
 * text, so a decoded `<` is harmless.
 */
export function plainTitle(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** One post as the contract's news item, or null when it does not make one (kept out of the list). */
export function toNewsItem(post: unknown): NewsItem | null {
  const parsed = WordPressPostSchema.safeParse(post);
  if (!parsed.success) return null;
  const { id, date_gmt, link, title } = parsed.data;
  const published = new Date(`${date_gmt}Z`);
  if (Number.isNaN(published.getTime())) return null;
  const item = NewsItemSchema.safeParse({ id, title: plainTitle(title.rendered), url: link, published_at: drfDateTime(published) });
  return item.success ? item.data : null;
}

/** Why a fetch failed, in a few words for the log line. */
/**
 * The news of /mypage from the site's WordPress (spec §9: the posts with tag 15), as an adapter the
 * API reads on behalf of the page:
 *
 * - a list read is kept in memory for `NEWS_CACHE_MS` (10 minutes; it is the same for everybody,
 *   not user state), and requests arriving while WordPress is being asked share that one request;
 * - WordPress must answer within `NEWS_TIMEOUT_MS` (3 s) with a JSON list of posts; posts that do
 *   not make a news item (no http(s) link, no date…) are left out;
 * - not configured, unreachable, slow, an error status or not a list: the answer is an empty list
 *   (the page shows no news), and WordPress is asked again after `NEWS_RETRY_MS`, not on every
 *   request. The log gets ONE warning when an outage starts (and one line when it ends), and one
 *   when no WORDPRESS_API_URL is set — not a line per request.
 */
export class WordPressNews {
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly retryMs: number;
  private cached: { readonly items: NewsItem[]; readonly until: number } | null = null;
  private pending: Promise<NewsItem[]> | null = null;
  private failing = false;
  private toldNotConfigured = false;

  constructor(private readonly options: WordPressNewsOptions) {
    this.timeoutMs = options.timeoutMs ?? NEWS_TIMEOUT_MS;
    this.cacheMs = options.cacheMs ?? NEWS_CACHE_MS;
    this.retryMs = options.retryMs ?? NEWS_RETRY_MS;
  }

  /** The news items, newest first (WordPress's order); never fails. */
  async list(log: NewsLogger): Promise<NewsItem[]> {
    const { apiUrl } = this.options;
    if (apiUrl === undefined) {
      if (!this.toldNotConfigured) {
        this.toldNotConfigured = true;
        log.warn('news: WORDPRESS_API_URL is not set, so GET /api/news/ answers an empty list');
      }
      return [];
    }
    const cached = this.cached;
    if (cached !== null && this.options.now().getTime() < cached.until) return cached.items;
    this.pending ??= this.refresh(apiUrl, log).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(apiUrl: string, log: NewsLogger): Promise<NewsItem[]> {
    const url = postsUrl(apiUrl);
    try {
      const posts = await this.fetchPosts(url);
      const items = posts.map(toNewsItem).filter((item): item is NewsItem => item !== null);
      this.cached = { items, until: this.options.now().getTime() + this.cacheMs };
      if (this.failing) {
        this.failing = false;
        log.info(`news: WordPress answers again (${url})`);
      }
      if (items.length < posts.length)
        log.warn(
          `news: ${posts.length - items.length} of ${posts.length} posts from ${url} were left out (not a post with an http(s) link, a date and a title)`,
        );
      return items;
    } catch (error) {
      this.cached = { items: [], until: this.options.now().getTime() + this.retryMs };
      if (!this.failing) {
        this.failing = true;
        log.warn(
          `news: WordPress could not be read (${url}: ${failureReason(error, this.timeoutMs)}); GET /api/news/ answers an empty list until it can (asked again every ${Math.round(this.retryMs / 1000)} s, logged once)`,
        );
      }
      return [];
    }
  }

  private async fetchPosts(url: string): Promise<unknown[]> {
    const text = await fetchTextAtMost(url, { accept: 'application/json', timeoutMs: this.timeoutMs, maxBytes: MAX_BODY_BYTES });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OutsideServiceUnavailable('the answer is not JSON');
    }
    if (!Array.isArray(body)) throw new OutsideServiceUnavailable('the answer is not a list of posts');
    return body as unknown[];
  }
}
