import type { Corporation } from '@app/contracts';
import { parse } from 'csv-parse/sync';
import { LRUCache } from 'lru-cache';
import { isValidHoujinbangou } from '@app/contracts/domain';
import offlineData from './offline-corporations.json' with { type: 'json' };
import { matchRank, rankedMatches } from './rank';
import { corporationKey, searchKey } from './search-key';
import { OutsideServiceUnavailable, failureReason, fetchTextAtMost } from '../../http/outside-service';

/** At most this many suggestions per answer. */
export const CORPORATION_LIMIT = 10;
/** The National Tax Agency's 法人番号システム Web-API. */
export const NTA_API_URL = 'https://api.houjin-bangou.nta.go.jp';
/** The Web-API must have answered (headers and body) within this time. */
export const NTA_TIMEOUT_MS = 3000;
/** An answer is reused this long for the same query (the register changes daily at most). */
export const NTA_CACHE_MS = 60 * 60 * 1000;
/** Queries kept in the cache; the least recently used goes first. */
export const NTA_CACHE_ENTRIES = 500;
/** A larger answer is refused (2,000 rows of 30 columns are well under 2 MiB). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Where the lines go: Fastify's (pino) request logger fits. */
export interface LookupLogger {
  warn(message: string): void;
}

/** Where suggestions come from: the Web-API, or the bundled index. */
export interface CorporationSource {
  readonly kind: 'nta' | 'offline';
  search(name: string, log: LookupLogger): Promise<Corporation[]>;
}

interface IndexedCorporation {
  readonly item: Corporation;
  readonly keys: readonly string[];
}

/** Suggestions from a list (offline index, or the Web-API's rows): best match first. */
function rank(items: readonly IndexedCorporation[], query: string): Corporation[] {
  const key = corporationKey(query);
  if (key === '') return [];
  return rankedMatches(items, (entry) => matchRank(key, entry.keys), CORPORATION_LIMIT).map((entry) => entry.item);
}

export interface OfflineCorporation extends Corporation {
  /** The name in katakana without its legal form (what a person may type instead of kanji). */
  readonly kana: string;
}

/**
 * The bundled offline index (offline-corporations.json): FICTIONAL sample corporations, so the
 * suggestions work on a fresh machine without an application id. Matched like the banks (kanji,
 * hiragana, katakana, half-width kana) with 株式会社, （株） and the other legal forms ignored.
 * Entries with an invalid 法人番号 are left out (there are none; a test holds every entry to it).
 */
export class OfflineCorporationIndex implements CorporationSource {
  readonly kind = 'offline';
  private readonly entries: readonly IndexedCorporation[];

  constructor(corporations: readonly OfflineCorporation[] = offlineData.corporations) {
    this.entries = corporations
      .filter((corporation) => isValidHoujinbangou(corporation.houjinbangou))
      .map(({ houjinbangou, name, address, kana }) => ({
        item: { houjinbangou, name, address },
        keys: [corporationKey(name), searchKey(kana)],
      }));
  }

  get size(): number {
    return this.entries.length;
  }

  async search(name: string): Promise<Corporation[]> {
    return rank(this.entries, name);
  }
}

// --- The Web-API ------------------------------------------------------------------------

/**
 * Columns of a Web-API CSV row (version 4, the same layout as the 基本3情報 download files),
 * 0-based: 1 法人番号, 6 商号又は名称, 9 国内所在地（都道府県）, 10 （市区町村）, 11 （丁目番地等）,
 * 16 国外所在地, 18 登記記録の閉鎖等年月日, 23 最新履歴 (1 = current), 28 フリガナ, 29 検索対象除外 (1 = excluded).
 */
const COLUMN = {
  number: 1,
  name: 6,
  prefecture: 9,
  city: 10,
  street: 11,
  outside: 16,
  closeDate: 18,
  latest: 23,
  furigana: 28,
  hidden: 29,
} as const;

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF, a byte-order mark) → rows of fields, by
 * csv-parse. Rows may differ in length (the Web-API's header line has 4 fields, its rows 30); a
 * malformed answer throws (the adapter then answers no suggestion).
 */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
}

/** The reasons a row makes no suggestion, counted for the log. */
export interface RowOutcome {
  readonly corporation: (Corporation & { readonly furigana: string }) | null;
  readonly badCheckDigit: boolean;
}

/**
 * One data row → a suggestion: only the current record (最新履歴 1) of a corporation that is open
 * (no 閉鎖等年月日) and not excluded from search, with a valid check digit.
 */
export function corporationOfRow(row: readonly string[]): RowOutcome {
  const at = (column: number) => (row[column] ?? '').trim();
  const number = at(COLUMN.number);
  if (!isValidHoujinbangou(number)) return { corporation: null, badCheckDigit: true };
  if (at(COLUMN.latest) === '0' || at(COLUMN.hidden) === '1' || at(COLUMN.closeDate) !== '' || at(COLUMN.name) === '') {
    return { corporation: null, badCheckDigit: false };
  }
  const domestic = `${at(COLUMN.prefecture)}${at(COLUMN.city)}${at(COLUMN.street)}`;
  return {
    corporation: { houjinbangou: number, name: at(COLUMN.name), address: domestic || at(COLUMN.outside), furigana: at(COLUMN.furigana) },
    badCheckDigit: false,
  };
}

/** The Web-API request: version 4 `name`, CSV (Unicode), partial match, open corporations only. */
export function ntaNameUrl(baseUrl: string, appId: string, name: string): string {
  const query = new URLSearchParams({ id: appId, name, type: '02', mode: '2', target: '1', close: '0' });
  return `${baseUrl}/4/name?${query.toString()}`;
}

export interface NtaHoujinbangouOptions {
  /** HOUJINBANGOU_APP_ID (the application id the National Tax Agency issued). */
  readonly appId: string;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly cacheMs?: number;
  readonly cacheEntries?: number;
  /** The cache's clock. */
  readonly now: () => Date;
}

/**
 * The adapter to the National Tax Agency's 法人番号システム Web-API (version 4, `GET /4/name`,
 * response type 02 = CSV in Unicode). Rows without a valid check digit, closed corporations,
 * former names and rows excluded from search are dropped; the rest are ranked like the offline
 * index (exact, then prefix, then inside; 株式会社 ignored) and cut to CORPORATION_LIMIT.
 * Answers are cached per query; requests for the same query at the same time share one call. On a
 * timeout, an error status or an answer that is not CSV it answers no suggestion (the applicant
 * types the name) and logs a warning.
 */
export class NtaHoujinbangou implements CorporationSource {
  readonly kind = 'nta';
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly cache: LRUCache<string, Corporation[]>;
  private readonly pending = new Map<string, Promise<Corporation[]>>();

  constructor(private readonly options: NtaHoujinbangouOptions) {
    this.baseUrl = (options.baseUrl ?? NTA_API_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? NTA_TIMEOUT_MS;
    this.cache = new LRUCache<string, Corporation[]>({
      max: options.cacheEntries ?? NTA_CACHE_ENTRIES,
      // lru-cache keeps an entry while its age ≤ ttl; an answer is reused while its age < cacheMs
      // (whole milliseconds of the app's clock, which it reads each time: tests move it).
      ttl: Math.max(1, (options.cacheMs ?? NTA_CACHE_MS) - 1),
      ttlResolution: 0,
      perf: { now: () => options.now().getTime() },
    });
  }

  async search(name: string, log: LookupLogger): Promise<Corporation[]> {
    const query = name.normalize('NFKC').trim();
    if (corporationKey(query) === '') return [];
    const cached = this.cache.get(query);
    if (cached !== undefined) return cached;
    let pending = this.pending.get(query);
    if (pending === undefined) {
      pending = this.fetch(query, log).finally(() => this.pending.delete(query));
      this.pending.set(query, pending);
    }
    return pending;
  }

  private async fetch(query: string, log: LookupLogger): Promise<Corporation[]> {
    const url = ntaNameUrl(this.baseUrl, this.options.appId, query);
    const shown = url.replace(/([?&]id=)[^&]*/, '$1…'); // the application id stays out of the log
    let rows: string[][];
    try {
      rows = await this.fetchRows(url);
    } catch (error) {
      log.warn(
        `houjinbangou: the Web-API could not be read (${shown}: ${failureReason(error, this.timeoutMs)}); no suggestions for this query`,
      );
      return [];
    }
    let bad = 0;
    const found: IndexedCorporation[] = [];
    // The first line is the header: 最終更新年月日, 総件数, 分割番号, 分割数.
    for (const row of rows.slice(1)) {
      const { corporation, badCheckDigit } = corporationOfRow(row);
      if (badCheckDigit) bad++;
      if (corporation === null) continue;
      const { furigana, ...item } = corporation;
      found.push({ item, keys: [corporationKey(item.name), corporationKey(furigana)] });
    }
    if (bad > 0) log.warn(`houjinbangou: ${bad} row(s) from ${shown} had no valid 法人番号 and were dropped`);
    // The Web-API matched on its own terms (あいまい検索): keep its rows even where our key does not.
    const ranked = rank(found, query);
    const rest = found.map((entry) => entry.item).filter((item) => !ranked.includes(item));
    const items = [...ranked, ...rest].slice(0, CORPORATION_LIMIT);
    this.cache.set(query, items);
    return items;
  }

  private async fetchRows(url: string): Promise<string[][]> {
    const text = await fetchTextAtMost(url, { accept: 'text/csv, */*', timeoutMs: this.timeoutMs, maxBytes: MAX_BODY_BYTES });
    const rows = parseCsv(text);
    const header = rows[0];
    if (header === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(header[0] ?? ''))
      throw new OutsideServiceUnavailable('the answer is not the CSV of the Web-API');
    return rows;
  }
}

/** The Web-API when an application id is configured, else the bundled offline index. */
export function corporationSource(appId: string | undefined, now: () => Date, baseUrl: string = NTA_API_URL): CorporationSource {
  return appId === undefined ? new OfflineCorporationIndex() : new NtaHoujinbangou({ appId, baseUrl, now });
}
