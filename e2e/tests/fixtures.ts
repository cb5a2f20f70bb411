import { test as base, expect, type ConsoleMessage, type Page, type WebError } from '@playwright/test';

/**
 * A console error the test expects. A string matches an error that contains it; a RegExp one it
 * matches. A console error is recorded as its text followed by ` @ <url>` when the browser names a
 * source (for a failed request: the request's URL), so a pattern can pin the status *and* the path:
 * `failedResponse(401, '/api/auth/')` below. An uncaught exception is recorded as
 * `pageerror: <stack>`. Prefer the narrowest pattern that matches.
 */
export type ExpectedConsoleError = string | RegExp;

/**
 * The console errors a test expects, each under the reason it is expected:
 * `{ 'the wrong password: POST /api/auth/ answers 401': failedResponse(401, '/api/auth/') }`.
 * (An object, not an array: `test.use` would take an array whose second entry is a RegExp for a
 * `[value, options]` fixture tuple.)
 */
export type ExpectedConsoleErrors = Readonly<Record<string, ExpectedConsoleError>>;

export interface ConsoleErrorFixtures {
  /**
   * The console errors this test expects; every other one fails it. Set with
   * `test.use({ expectedConsoleErrors: { why: pattern } })`. Each pattern must also match at least
   * one error of a test that otherwise passed, so that the list cannot outlive the errors it was
   * written for.
   */
  expectedConsoleErrors: ExpectedConsoleErrors;
  /**
   * Automatic, for every test: records every `console.error` and uncaught exception of every page of
   * the test's browser context, and fails the test on one that `expectedConsoleErrors` does not
   * match. A test may ask for the recorded errors.
   */
  consoleErrors: readonly string[];
}

const matches = (pattern: ExpectedConsoleError, error: string) =>
  typeof pattern === 'string' ? error.includes(pattern) : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(error);

function checkedPatterns(expected: ExpectedConsoleErrors): [why: string, pattern: ExpectedConsoleError][] {
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected) || expected instanceof RegExp) {
    throw new Error(`expectedConsoleErrors must be an object { why: pattern }, not ${String(expected)}`);
  }
  return Object.entries(expected);
}

function consoleEntry(message: ConsoleMessage) {
  const { url } = message.location();
  return url ? `${message.text()} @ ${url}` : message.text();
}

function pageErrorEntry(webError: WebError) {
  const error = webError.error();
  return `pageerror: ${error.stack || `${error.name}: ${error.message}`}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const pathPattern = (path: string | RegExp) => (typeof path === 'string' ? escapeRegExp(path) : path.source);

/**
 * Chromium's own console error for a response of this site with an error status:
 * `Failed to load resource: the server responded with a status of 401 (Unauthorized) @ <url>`.
 * `path` is the whole path of the URL (a string, literally, or a RegExp source, for hashed names).
 */
export function failedResponse(status: number, path: string | RegExp): RegExp {
  return new RegExp(
    `^Failed to load resource: the server responded with a status of ${status} \\([^)]*\\) @ https?://[^/]+(?:${pathPattern(path)})$`,
  );
}

/** Chromium's own console error for a request that got no response (`route.abort()`): `net::ERR_FAILED`. */
export function failedRequest(path: string | RegExp): RegExp {
  return new RegExp(`^Failed to load resource: net::ERR_FAILED @ https?://[^/]+(?:${pathPattern(path)})$`);
}

/**
 * Field telemetry's beacons (POST /api/telemetry/, issue 26): the shell drops one the server refuses
 * without a word, but Chromium logs its own network line for a 4xx/5xx answer (a rate-limited
 * client, a server without the endpoint). That line is not an error of the page: never counted.
 * (The bodies' validity is held by the shell's unit tests, against the endpoint's schema.)
 */
const TELEMETRY_BEACON_REFUSED = failedResponse(0, '/api/telemetry/').source.replace('status of 0', 'status of \\d+');
const isTelemetryBeaconRefused = (entry: string) => new RegExp(TELEMETRY_BEACON_REFUSED).test(entry);

/**
 * `test` for every spec: its pages fail the test on an unexpected console error (see
 * `ConsoleErrorFixtures`). Specs import `test` and `expect` from here, never from `@playwright/test`.
 */
export const test = base.extend<ConsoleErrorFixtures>({
  expectedConsoleErrors: [{}, { option: true }],
  consoleErrors: [
    async ({ context, expectedConsoleErrors }, use, testInfo) => {
      const expected = checkedPatterns(expectedConsoleErrors);
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && !isTelemetryBeaconRefused(consoleEntry(message))) errors.push(consoleEntry(message));
      });
      context.on('weberror', (webError) => errors.push(pageErrorEntry(webError)));
      await use(errors);

      const unexpected = errors.filter((error) => !expected.some(([, pattern]) => matches(pattern, error)));
      expect(unexpected, 'console errors this test does not expect (expectedConsoleErrors)').toEqual([]);
      // A test that failed or was skipped may have stopped before an expected error.
      if (testInfo.status !== 'passed') return;
      const neverSeen = expected.filter(([, pattern]) => !errors.some((error) => matches(pattern, error))).map(([why]) => why);
      expect(neverSeen, 'expectedConsoleErrors entries that matched no console error of this test').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
export type { Page };

/** Navigates inside the app the way a link does (History API; single-spa reroutes). */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
  }, path);
}

/**
 * Waits until the prerendered page the document came with has been taken over by its remote
 * (hydrated, or rendered afresh): its links then navigate inside the page. A page that was not
 * prerendered passes at once.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('[data-layout]').first()).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}

/**
 * Waits until the shell says its first page's background work has run and nothing is in flight
 * (shell/src/app-state.ts: `<html data-app="… idle build …" data-app-pending="0">`): the
 * idle-time prefetch of the remotes the page links to has settled, files included, and the first
 * read of builds/latest.json has answered. What the page loads from here on is what the visitor
 * (or the test's clock) does next.
 */
export async function shellIdle(page: Page) {
  await expect(page.locator('html[data-app~="idle"][data-app~="build"][data-app-pending="0"]')).toHaveCount(1);
}

/**
 * After a first sign of engagement (a scroll): waits until the shell's warm-up of the header's pages
 * in other remotes has run and settled (`data-app~="warm"`, nothing pending).
 */
export async function shellWarm(page: Page) {
  await expect(page.locator('html[data-app~="warm"][data-app-pending="0"]')).toHaveCount(1);
}

export async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'still-here';
  });
}

export async function windowMarker(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker ?? null);
}
