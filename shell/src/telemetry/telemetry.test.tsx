import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as contract from '@app/contracts/api/telemetry';
import { ContractError, RemoteErrorBoundary, reportFieldError, type DeploymentManifest } from '@app/shared';
import {
  TELEMETRY_BATCH_MAX,
  TELEMETRY_BEACON_MAX_BATCHES,
  TELEMETRY_BODY_MAX_BYTES,
  TELEMETRY_PATH,
  beaconSender,
  bodiesOf,
  createBatcher,
} from './batch';
import { messageOf, remoteOfStack, topFrameOf } from './errors';
import { ERROR_REPEAT_MAX, FLUSH_AFTER_MS, SEEN_KEY, installTelemetry, type Telemetry, type TelemetryOptions } from './install';
import { routeOf, tagsFor, versionTag } from './tags';

type Envelope = contract.TelemetryEnvelope;

// The lazy module's dependency, observed (jsdom has no PerformanceObserver entries to measure).
vi.mock('web-vitals', () => ({ onLCP: vi.fn(), onINP: vi.fn(), onCLS: vi.fn(), onTTFB: vi.fn() }));

const manifest: DeploymentManifest = {
  revision: 42,
  remotes: {
    marketing: { manifest: '/remotes/mfe-marketing/0.1.0-aaaaaaaaaa/mf-manifest.json', version: '0.1.0-aaaaaaaaaa' },
    auth: { manifest: '/remotes/mfe-auth/0.1.0-bbbbbbbbbb/mf-manifest.json', version: '0.1.0-bbbbbbbbbb' },
    entry: { manifest: '/remotes/mfe-entry/0.2.0-cccccccccc/mf-manifest.json', version: '0.2.0-cccccccccc', canary: true },
    mypage: { manifest: '/remotes/mfe-mypage/0.1.0-dddddddddd/mf-manifest.json', version: '0.1.0-dddddddddd', preview: true },
    backoffice: { manifest: '/remotes/mfe-backoffice/0.1.0-eeeeeeeeee/mf-manifest.json', version: '0.1.0-eeeeeeeeee' },
  },
};

/** Every body sent, parsed and held to the endpoint's schema (a body the endpoint would refuse fails the test). */
function recorder() {
  const bodies: string[] = [];
  const send = vi.fn((body: string) => {
    bodies.push(body);
    return true;
  });
  const envelopes = () =>
    bodies.map((body) => {
      const parsed = contract.TelemetryEnvelopeSchema.safeParse(JSON.parse(body));
      if (!parsed.success) throw new Error(`a body the endpoint refuses: ${body}`);
      return parsed.data;
    });
  const batches = () => envelopes().flatMap((envelope) => envelope.batches);
  const signals = () => batches().flatMap((batch) => batch.signals.map((signal) => ({ tags: batch.tags, ...signal })));
  return { bodies, send, envelopes, batches, signals };
}

let running: Telemetry[] = [];
function start(options: Partial<TelemetryOptions> & Pick<TelemetryOptions, 'send'>, withManifest: DeploymentManifest | null = manifest) {
  const telemetry = installTelemetry({ shellVersion: '0.1.0-1234abcdef', loadVitals: () => new Promise(() => undefined), ...options });
  if (withManifest) telemetry.setManifest(withManifest);
  running.push(telemetry);
  return telemetry;
}
const go = (path: string) => {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
};
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  for (const telemetry of running) telemetry.stop();
  running = [];
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the bounds are the endpoint’s', () => {
  test('path, signals and tag sets per beacon and body size as @app/contracts declares them', () => {
    expect([TELEMETRY_PATH, TELEMETRY_BATCH_MAX, TELEMETRY_BEACON_MAX_BATCHES, TELEMETRY_BODY_MAX_BYTES]).toEqual([
      contract.TELEMETRY_PATH,
      contract.TELEMETRY_BATCH_MAX,
      contract.TELEMETRY_BEACON_MAX_BATCHES,
      contract.TELEMETRY_BODY_MAX_BYTES,
    ]);
  });
});

describe('tags: ids from the route table and the deployment manifest, never the URL', () => {
  test('the route id and owning remote of a location, with the remote’s version, revision and flags', () => {
    const source = { shellVersion: '0.1.0-1234abcdef', manifest: () => manifest };
    const { route, remote } = routeOf('/entry/detail/123456', '?tab=documents');
    expect([route, remote]).toEqual(['entryDetail', 'entry']);
    expect(tagsFor(source, remote, route)).toStrictEqual({
      route: 'entryDetail',
      remote: 'entry',
      version: '0.2.0-cccccccccc',
      revision: 42,
      canary: true,
      preview: false,
    });
    expect(tagsFor(source, 'mypage', 'mypage')).toMatchObject({ remote: 'mypage', canary: false, preview: true });
    expect(routeOf('/no/such/page', '').route).toBe('notFound');
  });

  test('the shell, or any remote before the manifest is known, as the shell with its own version; revision 0 when absent', () => {
    expect(tagsFor({ shellVersion: 'dev build', manifest: () => null }, 'auth', 'login')).toStrictEqual({
      route: 'login',
      remote: 'shell',
      version: 'dev-build',
      revision: 0,
      canary: false,
      preview: false,
    });
    const { revision: _, ...withoutRevision } = manifest;
    expect(tagsFor({ shellVersion: 'x', manifest: () => withoutRevision }, 'shell', 'home')).toMatchObject({
      remote: 'shell',
      version: 'x',
      revision: 0,
    });
    expect(versionTag('')).toBe('unknown');
    expect(versionTag('v'.repeat(80))).toHaveLength(64);
  });
});

describe('page views', () => {
  test('one per route change, tagged with the new route; `first` once per remote version in the tab’s session (sessionStorage)', () => {
    const sent = recorder();
    const telemetry = start({ send: sent.send });
    go('/login');
    go('/login/'); // the same page: not counted again
    go('/register');
    go('/mypage');
    telemetry.flush();
    expect(sent.signals().map((s) => [s.tags.route, s.tags.remote, s.type === 'pageview' && s.first])).toEqual([
      ['login', 'auth', true],
      ['register', 'auth', false],
      ['mypage', 'mypage', true],
    ]);
    expect(JSON.parse(window.sessionStorage.getItem(SEEN_KEY)!)).toEqual(['auth@0.1.0-bbbbbbbbbb', 'mypage@0.1.0-dddddddddd']);

    // The next page load in the same tab: not a new session for auth; another version of it is.
    telemetry.stop();
    const next = recorder();
    const again = start({ send: next.send });
    go('/login');
    again.setManifest({ ...manifest, remotes: { ...manifest.remotes, auth: { ...manifest.remotes.auth, version: '0.1.1-ffffffffff' } } });
    go('/register');
    again.flush();
    expect(next.signals().map((s) => s.type === 'pageview' && s.first)).toEqual([false, true]);
  });

  test('without sessionStorage, every page load counts as a session and nothing throws', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const sent = recorder();
    const telemetry = start({ send: sent.send });
    go('/login');
    go('/register');
    telemetry.flush();
    expect(sent.signals().map((s) => s.type === 'pageview' && s.first)).toEqual([true, false]);
  });
});

describe('errors: scrubbed before they are queued', () => {
  test('a mail address, a phone number and a URL’s query never reach the beacon body', () => {
    const sent = recorder();
    const telemetry = start({ send: sent.send });
    go('/entry/detail/3');
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new TypeError('cannot read yamada.taro@example.co.jp, call 090-1234-5678 at /entry/detail/3?token=s3cr3t'),
      }),
    );
    telemetry.flush();
    const body = sent.bodies.join('\n');
    expect(body).not.toContain('yamada.taro');
    expect(body).not.toContain('example.co.jp');
    expect(body).not.toContain('1234');
    expect(body).not.toContain('5678');
    expect(body).not.toContain('s3cr3t');
    const error = sent.signals().find((s) => s.type === 'error');
    expect(error).toMatchObject({ kind: 'uncaught', tags: { route: 'entryDetail', remote: 'entry' } });
    expect(error && error.type === 'error' && error.message).toBe('TypeError: cannot read [mail], call [number] at /entry/detail/3');
  });

  test('messages: a ContractError by its endpoint and fields (not its URL), other values by their kind only', () => {
    const contractError = new ContractError('entries.get', 'GET', '/api/entries/987654/?q=x', 200, [
      { field: 'claims.0.amount', problem: 'expected number' },
    ]);
    expect(messageOf(contractError)).toBe('ContractError: entries.get (200) does not match its contract: claims.0.amount: expected number');
    expect(messageOf({ password: 'hunter2' })).toBe('Non-Error thrown (object)');
    expect(messageOf(null)).toBe('Non-Error thrown (null)');
    expect(messageOf('plain text')).toBe('plain text');
    expect(messageOf(new Error('x'.repeat(5000))).length).toBeLessThanOrEqual(1000);
  });

  test('the top frame: Chrome’s and Firefox’s stacks, without the query, never the message', () => {
    const chrome = Object.assign(new Error('a@b.example'), {
      stack:
        'Error: a@b.example\n    at render (https://site.example/remotes/mfe-entry/0.2.0-cccccccccc/page.js?v=1:1:2345)\n    at x (https://site.example/assets/main.js:1:1)',
    });
    expect(topFrameOf(chrome)).toBe('at render (https://site.example/remotes/mfe-entry/0.2.0-cccccccccc/page.js:1:2345)');
    const firefox = Object.assign(new Error('boom'), { stack: 'render@https://site.example/assets/main.js:3:4\n' });
    expect(topFrameOf(firefox)).toBe('render@https://site.example/assets/main.js:3:4');
    expect(topFrameOf('thrown string')).toBeNull();
    expect(topFrameOf(Object.assign(new Error('x'), { stack: `Error: x\n    at ${'f'.repeat(900)}` }))?.length).toBe(500);
  });

  test('the remote whose code threw, from the stack: the first frame in a remote’s folder', () => {
    const base = 'https://site.example/login';
    const thrown = Object.assign(new Error('x'), {
      stack:
        'Error: x\n    at shared (https://site.example/assets/shared.js:1:1)\n    at page (https://site.example/remotes/mfe-auth/0.1.0-bbbbbbbbbb/page.js:1:1)',
    });
    expect(remoteOfStack(thrown, manifest, base)).toBe('auth');
    expect(remoteOfStack(new Error('no remote frame'), manifest, base)).toBeUndefined();
    expect(remoteOfStack(thrown, null, base)).toBeUndefined();

    const sent = recorder();
    const telemetry = start({ send: sent.send });
    window.history.replaceState(null, '', '/mypage');
    const here = window.location.origin;
    const reason = Object.assign(new Error('x'), {
      stack: `Error: x\n    at shared (${here}/assets/shared.js:1:1)\n    at page (${here}/remotes/mfe-auth/0.1.0-bbbbbbbbbb/page.js:1:1)`,
    });
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason }));
    telemetry.flush();
    expect(sent.signals()).toMatchObject([{ type: 'error', kind: 'rejection', tags: { route: 'mypage', remote: 'auth' } }]);
  });

  test(`the same error at most ${ERROR_REPEAT_MAX} times per page load: a loop cannot flood`, () => {
    const sent = recorder();
    const telemetry = start({ send: sent.send });
    for (let i = 0; i < 40; i++) telemetry.error('uncaught', new Error('again and again'));
    telemetry.error('uncaught', new Error('another one'));
    telemetry.flush();
    const messages = sent.signals().map((s) => s.type === 'error' && s.message);
    expect(messages.filter((m) => m === 'Error: again and again')).toHaveLength(ERROR_REPEAT_MAX);
    expect(messages).toContain('Error: another one');
  });
});

describe('errors caught in shared code reach the collector (app:field-error)', () => {
  test('a remote’s error boundary: kind boundary, tagged with the boundary’s remote and its version', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = recorder();
    const telemetry = start({ send: sent.send });
    window.history.replaceState(null, '', '/mypage');
    function Broken(): never {
      throw new Error('render failed for 山田@example.jp');
    }
    render(
      <RemoteErrorBoundary remote="mypage">
        <Broken />
      </RemoteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    telemetry.flush();
    const boundary = sent.signals().filter((s) => s.type === 'error' && s.kind === 'boundary');
    expect(boundary).toMatchObject([
      {
        message: 'Error: render failed for [mail]',
        tags: { route: 'mypage', remote: 'mypage', version: '0.1.0-dddddddddd', preview: true },
      },
    ]);
  });

  test('a ContractError from the shared API client’s hook: kind contract, tagged with the page’s remote', () => {
    const sent = recorder();
    const telemetry = start({ send: sent.send });
    window.history.replaceState(null, '', '/entry/detail/7');
    reportFieldError(
      'contract',
      new ContractError('entries.get', 'GET', '/api/entries/7/', 200, [{ field: 'status', problem: 'invalid' }]),
    );
    reportFieldError('remote-load', new Error('down'), 'backoffice');
    window.dispatchEvent(new CustomEvent('app:field-error', { detail: { kind: 'something-else', error: new Error('ignored') } }));
    telemetry.flush();
    expect(sent.signals()).toMatchObject([
      {
        type: 'error',
        kind: 'contract',
        message: 'ContractError: entries.get (200) does not match its contract: status: invalid',
        tags: { remote: 'entry', canary: true },
      },
      { type: 'error', kind: 'remote-load', tags: { route: 'entryDetail', remote: 'backoffice' } },
    ]);
  });
});

describe('batching and sending', () => {
  test(`one beacon for everything waiting, a batch per tag set; at most ${TELEMETRY_BATCH_MAX} signals a beacon: when that many wait they go at once`, () => {
    const sent = recorder();
    const batcher = createBatcher({ send: sent.send, setTimer: () => 1, clearTimer: () => undefined });
    const tags = tagsFor({ shellVersion: 's', manifest: () => manifest }, 'auth', 'login');
    const other = { ...tags, route: 'register' as const };
    batcher.add(tags, { type: 'pageview', first: true });
    batcher.add(other, { type: 'pageview', first: true });
    batcher.add(tags, { type: 'vital', name: 'LCP', value: 1200 });
    batcher.flush();
    expect(sent.envelopes().map((e) => e.batches.map((b) => [b.tags.route, b.signals.length]))).toEqual([
      [
        ['login', 2],
        ['register', 1],
      ],
    ]);

    for (let i = 0; i < 120; i++) batcher.add(tags, { type: 'vital', name: 'CLS', value: i / 1000 });
    batcher.add(other, { type: 'pageview', first: true });
    expect(
      sent
        .envelopes()
        .slice(1)
        .map((e) => e.batches.map((b) => b.signals.length)),
    ).toEqual([[50], [50]]);
    expect(batcher.pending()).toBe(21);
    batcher.flush();
    expect(
      sent
        .envelopes()
        .slice(3)
        .map((e) => e.batches.map((b) => [b.tags.route, b.signals.length])),
    ).toEqual([
      [
        ['login', 20],
        ['register', 1],
      ],
    ]);
    expect(batcher.pending()).toBe(0);
  });

  test(`at most ${TELEMETRY_BEACON_MAX_BATCHES} tag sets a beacon: more make another beacon, nothing lost`, () => {
    const base = tagsFor({ shellVersion: 's', manifest: () => manifest }, 'auth', 'login');
    const groups = Array.from({ length: 12 }, (_, i) => ({
      tags: { ...base, revision: i },
      signals: [{ type: 'pageview' as const, first: true }],
    }));
    const envelopes = bodiesOf(groups).map((body) => JSON.parse(body) as Envelope);
    expect(envelopes.map((e) => e.batches.length)).toEqual([10, 2]);
    expect(envelopes.flatMap((e) => e.batches.map((b) => b.tags.revision))).toEqual(groups.map((g) => g.tags.revision));
  });

  test('bodies kept under the byte bound: a beacon too large is split, nothing lost, the order kept', () => {
    const tags = tagsFor({ shellVersion: 's', manifest: () => manifest }, 'entry', 'entryDetail');
    const signals = Array.from({ length: 50 }, (_, i) => ({
      type: 'error' as const,
      kind: 'uncaught' as const,
      message: `${i} ${'あ'.repeat(290)}`,
      frame: `at f${i} (${'/x'.repeat(240)})`,
    }));
    const bodies = bodiesOf([{ tags, signals }]);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(TELEMETRY_BODY_MAX_BYTES);
    expect(bodies.flatMap((body) => (JSON.parse(body) as Envelope).batches.flatMap((b) => b.signals))).toEqual(signals);
    // A signal that cannot fit alone is dropped rather than sent over the bound.
    expect(bodiesOf([{ tags, signals: signals.slice(0, 1) }], 100)).toEqual([]);
  });

  test('sent when the page is hidden or left, and FLUSH_AFTER_MS after a signal waits; not before', () => {
    vi.useFakeTimers();
    const sent = recorder();
    start({ send: sent.send });
    go('/login');
    expect(sent.send).not.toHaveBeenCalled();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent.signals()).toMatchObject([{ type: 'pageview', tags: { route: 'login' } }]);

    visibility = 'visible';
    go('/register');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sent.signals()).toHaveLength(2);

    go('/mypage');
    vi.advanceTimersByTime(FLUSH_AFTER_MS - 1);
    expect(sent.signals()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent.signals().at(-1)).toMatchObject({ tags: { route: 'mypage' } });
  });

  test('with navigator.sendBeacon to TELEMETRY_PATH, a JSON blob', async () => {
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    expect(beaconSender({ sendBeacon: beacon } as unknown as Navigator)('{"a":1}')).toBe(true);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/telemetry/');
    expect((blob as Blob).type).toBe('application/json');
    expect(await (blob as Blob).text()).toBe('{"a":1}');
  });

  test('a beacon refused, absent or throwing is dropped silently: no retry, no console, no exception', () => {
    const quiet = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'info'), vi.spyOn(console, 'log')];
    expect(beaconSender({} as Navigator)('{}')).toBe(false);
    const refused = vi.fn(() => false);
    const telemetry = start({ send: refused });
    go('/login');
    telemetry.flush();
    telemetry.flush();
    expect(refused).toHaveBeenCalledTimes(1); // never sent again

    const throwing = vi.fn(() => {
      throw new Error('beacon failed');
    });
    const other = start({ send: throwing });
    go('/register');
    expect(() => other.flush()).not.toThrow();
    expect(throwing).toHaveBeenCalled();

    // The real sender on a navigator without sendBeacon (jsdom has none).
    expect('sendBeacon' in navigator).toBe(false);
    const absent = start({ send: beaconSender(navigator) });
    go('/mypage');
    expect(() => absent.flush()).not.toThrow();
    for (const spy of quiet) expect(spy).not.toHaveBeenCalled();
  });
});

describe('the shell keeps working when the collector throws', () => {
  test('a collector that cannot install does nothing, and says nothing', () => {
    const broken = {
      get document(): Document {
        throw new Error('no document');
      },
    } as unknown as Window;
    const telemetry = installTelemetry({ shellVersion: 'x', win: broken });
    expect(() => {
      telemetry.pageview();
      telemetry.error('uncaught', new Error('x'));
      telemetry.flush();
    }).not.toThrow();
  });

  test('a failure while collecting is swallowed (tags that cannot be made)', () => {
    const sent = recorder();
    const telemetry = start({ send: sent.send }, null);
    telemetry.setManifest(null as unknown as DeploymentManifest);
    telemetry.setManifest({ remotes: null } as unknown as DeploymentManifest);
    expect(() => go('/login')).not.toThrow();
    expect(() => telemetry.error('uncaught', new Error('x'))).not.toThrow();
  });
});

describe('Web Vitals: the web-vitals chunk is loaded lazily', () => {
  test('only after the first page has mounted, the window has loaded and the browser is idle; vitals tagged with the landing page', async () => {
    vi.useFakeTimers();
    let report: ((name: 'LCP' | 'INP' | 'CLS' | 'TTFB', value: number) => void) | undefined;
    const loadVitals = vi.fn(async () => ({ observeVitals: (r: NonNullable<typeof report>) => void (report = r) }));
    const sent = recorder();
    window.history.replaceState(null, '', '/login');
    const telemetry = start({ send: sent.send, loadVitals });
    vi.runAllTimers();
    expect(loadVitals).not.toHaveBeenCalled(); // nothing mounted yet

    window.dispatchEvent(new CustomEvent('single-spa:first-mount'));
    expect(loadVitals).not.toHaveBeenCalled(); // after load, when idle: not during the mount
    await vi.runAllTimersAsync();
    expect(loadVitals).toHaveBeenCalledTimes(1);

    go('/register');
    report!('LCP', 1234.5);
    report!('CLS', -1);
    telemetry.flush();
    const vitals = sent.signals().filter((s) => s.type === 'vital');
    expect(vitals).toMatchObject([
      { name: 'LCP', value: 1234.5, tags: { route: 'login', remote: 'auth' } },
      { name: 'CLS', value: 0 },
    ]);
  });

  test('the real lazy module observes LCP, INP, CLS and TTFB through web-vitals', async () => {
    const webVitals = await import('web-vitals');
    const { observeVitals } = await import('./vitals');
    const reported: [string, number][] = [];
    observeVitals((name, value) => reported.push([name, value]));
    for (const [i, name] of (['onLCP', 'onINP', 'onCLS', 'onTTFB'] as const).entries()) {
      expect(webVitals[name]).toHaveBeenCalledTimes(1);
      const callback = vi.mocked(webVitals[name]).mock.calls[0]![0] as (metric: { name: string; value: number }) => void;
      callback({ name: name.slice(2), value: i });
    }
    expect(reported).toEqual([
      ['LCP', 0],
      ['INP', 1],
      ['CLS', 2],
      ['TTFB', 3],
    ]);
  });
});
