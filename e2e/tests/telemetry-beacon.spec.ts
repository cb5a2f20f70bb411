import type { Page } from '@playwright/test';
import { navigateInApp, shellIdle, test, expect, waitForHydration } from './fixtures';

/**
 * Field telemetry from the browser (issue 26, shell/src/telemetry): the shell sends page views,
 * errors and Web Vitals with `navigator.sendBeacon` to POST /api/telemetry/, tagged with ids (the
 * route table's, the remote's version from /deployment.json), never the URL. The endpoint takes
 * each batch (204); one it refused would show nothing to the person (Chromium's own network line for
 * a refused beacon is ignored by the fixture), so this spec checks the answers itself.
 */
interface Batch {
  tags: { route: string; remote: string; version: string; revision: number; canary: boolean; preview: boolean };
  signals: (
    | { type: 'pageview'; first: boolean }
    | { type: 'error'; kind: string; message: string; frame: string | null }
    | { type: 'vital'; name: string; value: number }
  )[];
}

/**
 * Every beacon body the page sends to the telemetry endpoint (read where the shell hands it to
 * `navigator.sendBeacon`: the browser does not show a beacon's Blob body to the test), each still
 * sent for real, the requests the browser made and the endpoint's answers.
 */
async function beacons(page: Page) {
  const requests: string[] = [];
  const answers: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/telemetry/') requests.push(request.method());
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/telemetry/') answers.push(response.status());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { sentTelemetry: string[] };
    w.sentTelemetry = [];
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/telemetry/') && data instanceof Blob) void data.text().then((text) => w.sentTelemetry.push(text));
      return send(url, data);
    };
  });
  // Each beacon carries everything that waited: a batch per tag set.
  const batches = async () =>
    (await page.evaluate(() => (window as unknown as { sentTelemetry: string[] }).sentTelemetry)).flatMap(
      (text) => (JSON.parse(text) as { batches: Batch[] }).batches,
    );
  const beaconCount = async () => page.evaluate(() => (window as unknown as { sentTelemetry: string[] }).sentTelemetry.length);
  return { requests, answers, batches, beaconCount };
}

/** The page as a tab switched away from: the shell sends what waits. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('page views and Web Vitals are sent when the page is hidden, tagged with route ids and the remote versions; the endpoint takes them', async ({
  page,
}) => {
  const sent = await beacons(page);
  await page.goto('/?utm_source=mail');
  await waitForHydration(page);
  await shellIdle(page);
  await navigateInApp(page, '/login?next=%2Fmypage');
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  const deployment = (await (await page.request.get('/deployment.json')).json()) as {
    revision?: number;
    remotes: Record<string, { version: string }>;
  };
  await hide(page);

  const signals = async () => (await sent.batches()).flatMap((batch) => batch.signals.map((signal) => ({ ...batch.tags, ...signal })));
  await expect
    .poll(async () => (await signals()).filter((s) => s.type === 'pageview').map((s) => [s.route, s.remote, s.version, s.first]))
    .toEqual([
      ['home', 'marketing', deployment.remotes.marketing!.version, true],
      ['login', 'auth', deployment.remotes.auth!.version, true],
    ]);
  // The vitals of the page the tab opened on (web-vitals, loaded once the browser was idle).
  await expect
    .poll(async () => (await signals()).filter((s) => s.type === 'vital').map((s) => [s.name, s.route]))
    .toContainEqual(['TTFB', 'home']);
  const batches = await sent.batches();
  for (const batch of batches) {
    expect(batch.tags).toMatchObject({ revision: deployment.revision ?? 0, canary: false, preview: false });
  }
  // Each beacon went out once (POST) and the endpoint took it; what waited went together (the page
  // views of two routes and the vitals: a beacon or two, never one per signal).
  const count = await sent.beaconCount();
  expect(count).toBeLessThan((await signals()).length);
  expect(sent.requests).toEqual(Array.from({ length: count }, () => 'POST'));
  await expect.poll(() => sent.answers).toEqual(Array.from({ length: count }, () => 204));
  const bodies = JSON.stringify(batches);
  expect(bodies).not.toContain('utm_source');
  expect(bodies).not.toContain('next=');
  expect(bodies).not.toContain('/login');
});

test.describe('errors', () => {
  test.use({ expectedConsoleErrors: { 'the error this test throws on purpose': 'pageerror: Error: could not read' } });

  test('an uncaught error is sent scrubbed: no mail address, no phone number', async ({ page }) => {
    const sent = await beacons(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    await shellIdle(page);
    // Thrown from a timer: an uncaught error as the browser reports it (window 'error').
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('could not read yamada@example.co.jp or 03-1234-5678');
      }),
    );
    await hide(page);
    await expect
      .poll(async () => (await sent.batches()).flatMap((b) => b.signals).filter((s) => s.type === 'error'))
      .toEqual([expect.objectContaining({ kind: 'uncaught', message: 'Error: could not read [mail] or [number]' })]);
    expect(JSON.stringify(await sent.batches())).not.toMatch(/yamada|example\.co\.jp|1234|5678/);
  });
});
