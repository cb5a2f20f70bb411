import { RUNTIME_CONFIG_URL } from '../constants';
import { isRecord } from './is-record';

/**
 * A link the operator configures: a path of this site (`/statement`, `/#fees`) or an http(s) page
 * elsewhere. Anything else (`javascript:`, `//host`, `/\\host`, a bare word) is refused, so a config typo can
 * never become a script link.
 */
export const isConfigLinkUrl = (url: string): boolean =>
  !url.includes('\\') && ((url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\/[^/\s]/.test(url));

/** An http(s) origin exactly as URL.origin writes it (`https://cdn.example.jp`, no path). */
export const isHttpOrigin = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
};

/** A link the operator configures (config.json), with the text it shows. */
export interface ConfigLink {
  readonly label: string;
  readonly url: string;
}

/**
 * `/config.json`: everything deploy-specific, read at start (nothing is compiled in). Its schema,
 * `RuntimeConfigSchema` (./config-schema.ts, zod), is the contract; the start-up reads the file
 * with `parseRuntimeConfig`, which a test holds to the same verdicts and output, so the landing page
 * does not load zod.
 */
export interface RuntimeConfig {
  /**
   * Where applicants reach support (spec §9: support URLs come from the runtime config): a contact
   * page (a path of this site or an http(s) URL) or a `mailto:` address. Absent: the operator's
   * e-mail address, when `operator.email` gives one (`supportHref`).
   */
  readonly supportUrl?: string;
  readonly loginUrl: string;
  readonly individualsSupported: boolean;
  readonly operator?: {
    readonly name?: string;
    readonly representative?: string;
    readonly address?: string;
    readonly phone?: string;
    readonly email?: string;
    readonly hours?: string;
  };
  /** Help articles listed on /mypage (spec §9 "help-article links"); absent or empty: none shown. */
  readonly helpLinks?: readonly ConfigLink[];
  /**
   * The card-payment banner on /mypage (spec §9): a sentence and where it leads (`linkLabel`, the
   * link's text, defaults to 詳しく見る). Absent: no banner.
   */
  readonly cardPaymentBanner?: { readonly text: string; readonly url: string; readonly linkLabel?: string };
  /**
   * Origins besides the site's own that /deployment.json may load remotes from (a CDN:
   * `["https://cdn.example.jp"]`). The shell refuses any other remote URL, and the API names these
   * in its Content-Security-Policy. Absent: same-origin only.
   */
  readonly remoteOrigins?: readonly string[];
}

export const OPERATOR_FIELDS = ['name', 'representative', 'address', 'phone', 'email', 'hours'] as const;

type Obj = Record<string, unknown>;

/** Reads a value as RuntimeConfigSchema does (unknown keys dropped); a list of what is wrong, else. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const problems: string[] = [];
  const string = (v: unknown, at: string, rule: (text: string) => boolean = () => true, what = 'a string'): string => {
    if (typeof v !== 'string' || !rule(v)) problems.push(`${at}: expected ${what}`);
    return v as string;
  };
  const nonBlank = (v: unknown, at: string) => string(v, at, (t) => t.trim() !== '', 'a string, not blank');
  const link = (v: unknown, at: string) => string(v, at, isConfigLinkUrl, 'a path of this site or an http(s) URL');
  const object = (v: unknown, at: string): Obj => {
    if (!isRecord(v)) problems.push(`${at}: expected an object`);
    return isRecord(v) ? v : {};
  };
  const array = (v: unknown, at: string): unknown[] => {
    if (!Array.isArray(v)) problems.push(`${at}: expected an array`);
    return Array.isArray(v) ? v : [];
  };

  const o = object(value, 'config');
  const config: { -readonly [K in keyof RuntimeConfig]: RuntimeConfig[K] } = {
    loginUrl: string(o.loginUrl, 'loginUrl', (t) => t.length > 0, 'a string, not empty'),
    individualsSupported: o.individualsSupported as boolean,
  };
  if (typeof o.individualsSupported !== 'boolean') problems.push('individualsSupported: expected a boolean');
  if (o.supportUrl !== undefined) config.supportUrl = string(o.supportUrl, 'supportUrl', (t) => t.length > 0, 'a string, not empty');
  if (o.operator !== undefined) {
    const operator = object(o.operator, 'operator');
    const read: Record<string, string> = {};
    for (const field of OPERATOR_FIELDS) if (operator[field] !== undefined) read[field] = string(operator[field], `operator.${field}`);
    config.operator = read;
  }
  if (o.helpLinks !== undefined) {
    config.helpLinks = array(o.helpLinks, 'helpLinks').map((item, i) => {
      const entry = object(item, `helpLinks.${i}`);
      return { label: nonBlank(entry.label, `helpLinks.${i}.label`), url: link(entry.url, `helpLinks.${i}.url`) };
    });
  }
  if (o.cardPaymentBanner !== undefined) {
    const banner = object(o.cardPaymentBanner, 'cardPaymentBanner');
    config.cardPaymentBanner = {
      text: nonBlank(banner.text, 'cardPaymentBanner.text'),
      url: link(banner.url, 'cardPaymentBanner.url'),
      ...(banner.linkLabel === undefined ? {} : { linkLabel: nonBlank(banner.linkLabel, 'cardPaymentBanner.linkLabel') }),
    };
  }
  if (o.remoteOrigins !== undefined) {
    config.remoteOrigins = array(o.remoteOrigins, 'remoteOrigins').map((origin, i) =>
      string(origin, `remoteOrigins.${i}`, isHttpOrigin, 'an http(s) origin (no path)'),
    );
  }
  if (problems.length > 0) throw new Error(`${RUNTIME_CONFIG_URL} is invalid: ${problems.join('; ')}`);
  return config;
}

/** Used only when /config.json cannot be read, so the public pages still work. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  loginUrl: '/login',
  individualsSupported: true,
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/**
 * The support contact an applicant is sent to: `supportUrl` when the operator configured one, else
 * a mail to the operator's address (`operator.email`), else null — the page then says that the
 * contact details are not published yet, rather than linking somewhere that is not a contact.
 */
export function supportHref(config: RuntimeConfig = current): string | null {
  const url = config.supportUrl?.trim();
  if (url) return url;
  const email = config.operator?.email?.trim();
  return email ? `mailto:${email}` : null;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

let loading: Promise<RuntimeConfig> | undefined;

/** The runtime config once a loadRuntimeConfig in flight has settled (else the current one). */
export const runtimeConfigSettled = (): Promise<RuntimeConfig> => loading ?? Promise.resolve(current);

/** Fetches and validates /config.json (uncached). Falls back to the defaults, reporting why. */
export function loadRuntimeConfig(
  fetchFn: typeof fetch = fetch,
  onError: (error: unknown) => void = (e) => console.warn('[config]', e),
): Promise<RuntimeConfig> {
  loading = fetchRuntimeConfig(fetchFn, onError);
  return loading;
}

async function fetchRuntimeConfig(fetchFn: typeof fetch, onError: (error: unknown) => void): Promise<RuntimeConfig> {
  try {
    const res = await fetchFn(RUNTIME_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${RUNTIME_CONFIG_URL}: HTTP ${res.status}`);
    const parsed = parseRuntimeConfig(await res.json());
    setRuntimeConfig(parsed);
    return parsed;
  } catch (error) {
    onError(error);
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    return DEFAULT_RUNTIME_CONFIG;
  }
}
