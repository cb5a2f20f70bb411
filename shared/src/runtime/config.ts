// zod/mini: the same schemas, tree-shaken (the landing page loads this).
import * as z from 'zod/mini';
import { RUNTIME_CONFIG_URL } from '../constants';

/**
 * A link the operator configures: a path of this site (`/statement`, `/#fees`) or an http(s) page
 * elsewhere. Anything else (`javascript:`, `//host`, `/\\host`, a bare word) is refused, so a config typo can
 * never become a script link.
 */
export const isConfigLinkUrl = (url: string): boolean =>
  !url.includes('\\') && ((url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\/[^/\s]/.test(url));

const ConfigLinkUrlSchema = z.string().check(z.refine(isConfigLinkUrl, { error: 'a path of this site or an http(s) URL' }));
const NonBlankSchema = z.string().check(z.refine((text) => text.trim() !== '', { error: 'not blank' }));

/** An http(s) origin exactly as URL.origin writes it (`https://cdn.example.jp`, no path). */
export const isHttpOrigin = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
};

/** `/config.json`: everything deploy-specific, read at start (nothing is compiled in). */
export const RuntimeConfigSchema = z.object({
  supportUrl: z.string().check(z.minLength(1)),
  loginUrl: z.string().check(z.minLength(1)),
  individualsSupported: z.boolean(),
  operator: z.optional(
    z.partial(
      z.object({
        name: z.string(),
        representative: z.string(),
        address: z.string(),
        phone: z.string(),
        email: z.string(),
        hours: z.string(),
      }),
    ),
  ),
  /** Help articles listed on /mypage (spec §9 "help-article links"); absent or empty: none shown. */
  helpLinks: z.optional(z.array(z.object({ label: NonBlankSchema, url: ConfigLinkUrlSchema }))),
  /**
   * The card-payment banner on /mypage (spec §9): a sentence and where it leads (`linkLabel`, the
   * link's text, defaults to 詳しく見る). Absent: no banner.
   */
  cardPaymentBanner: z.optional(z.object({ text: NonBlankSchema, url: ConfigLinkUrlSchema, linkLabel: z.optional(NonBlankSchema) })),
  /**
   * Origins besides the site's own that /deployment.json may load remotes from (a CDN:
   * `["https://cdn.example.jp"]`). The shell refuses any other remote URL, and the API names these
   * in its Content-Security-Policy. Absent: same-origin only.
   */
  remoteOrigins: z.optional(z.array(z.string().check(z.refine(isHttpOrigin, { error: 'an http(s) origin (no path)' })))),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** Used only when /config.json cannot be read, so the public pages still work. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  supportUrl: '/statement',
  loginUrl: '/login',
  individualsSupported: true,
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
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
    const parsed = RuntimeConfigSchema.parse(await res.json());
    setRuntimeConfig(parsed);
    return parsed;
  } catch (error) {
    onError(error);
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    return DEFAULT_RUNTIME_CONFIG;
  }
}
