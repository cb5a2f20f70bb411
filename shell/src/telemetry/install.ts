/**
 * Field telemetry, the shell's collector (issue 26): page views, errors and Web Vitals from every
 * page, tagged with ids (route, owning remote, its version, the deployment revision, canary and
 * preview flags: tags.ts) and sent in batches with `navigator.sendBeacon` to POST /api/telemetry/
 * (batch.ts). This module is the eager part, small; `web-vitals` is loaded later (vitals.ts).
 *
 * - A page view per route change (single-spa's routing event), `first` for the first page view of
 *   that remote version in this tab's session (sessionStorage): the sum of `first` counts sessions.
 * - Errors: uncaught ones and unhandled rejections (window), and what shared code announces with
 *   `app:field-error` (@app/shared `reportFieldError`: error boundaries, contract errors); the shell
 *   reports remote load failures (after the retries) itself. A message is scrubbed before it is
 *   queued (errors.ts); the same error is sent at most ERROR_REPEAT_MAX times per page load.
 * - What waits goes in one beacon (a batch per tag set) when the page is hidden or left, when
 *   TELEMETRY_BATCH_MAX signals wait and FLUSH_AFTER_MS after the first of them. A beacon refused or impossible is dropped: no retry, no console, nothing for the person.
 * - Nothing here may break the site: every entry point swallows its own exceptions.
 */
import type { TelemetrySignal } from '@app/contracts/api/telemetry';
import type { WebVital } from '@app/contracts/domain/telemetry';
import { FIELD_ERROR_EVENT, type DeploymentManifest, type FieldErrorDetail } from '@app/shared/core';
import { afterLoad, whenIdle } from '../prefetch';
import { beaconSender, createBatcher, type SendBody } from './batch';
import { messageOf, remoteOfStack, topFrameOf } from './errors';
import { routeOf, tagsFor, type TelemetryRemote } from './tags';
import type { ReportVital } from './vitals';

export type ErrorKind = Extract<TelemetrySignal, { type: 'error' }>['kind'];

/** The same error (kind, remote, message, frame) is sent at most this many times per page load. */
export const ERROR_REPEAT_MAX = 5;
/** Waiting signals are sent at the latest this long after the first of them. */
export const FLUSH_AFTER_MS = 10_000;
/** sessionStorage key: the remote versions this tab has shown a page of (`remote@version`). */
export const SEEN_KEY = 'app:telemetry:seen';
/** The most a vital's value can be (the endpoint's bound). */
const VITAL_MAX = 600_000;

const FIELD_KINDS: readonly string[] = ['boundary', 'remote-load', 'contract'];

export interface TelemetryOptions {
  /** The shell's own build (its signals, and every signal before the manifest is known). */
  readonly shellVersion: string;
  readonly win?: Window;
  /** Where bodies go (default: `navigator.sendBeacon` to TELEMETRY_PATH). */
  readonly send?: SendBody;
  /** The lazy part (default: the `web-vitals` chunk). */
  readonly loadVitals?: () => Promise<{ observeVitals: (report: ReportVital) => void }>;
  readonly flushAfterMs?: number;
  readonly setTimer?: (task: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export interface Telemetry {
  /** The deployment manifest this page loaded (signals before it are tagged as the shell's). */
  setManifest(manifest: DeploymentManifest): void;
  /** A page view of the current location, unless it is the page already counted. */
  pageview(): void;
  /** An error of `kind`; `remote`: where it happened, when the caller knows (else from the stack, else the page's remote). */
  error(kind: ErrorKind, error: unknown, remote?: TelemetryRemote): void;
  vital(name: WebVital, value: number): void;
  /** Sends everything waiting. */
  flush(): void;
  /** Removes the listeners (tests). */
  stop(): void;
}

const NOOP: Telemetry = { setManifest() {}, pageview() {}, error() {}, vital() {}, flush() {}, stop() {} };

/** `fn`, its exceptions swallowed: telemetry never breaks a page. */
function guarded<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch {
      // Dropped on purpose.
    }
  };
}

/** Installs the collector on the window; a collector that does nothing if that fails. */
export function installTelemetry(options: TelemetryOptions): Telemetry {
  try {
    return install(options);
  } catch {
    return NOOP;
  }
}

function install(options: TelemetryOptions): Telemetry {
  const win = options.win ?? window;
  const doc = win.document;
  let manifest: DeploymentManifest | null = null;
  const source = { shellVersion: options.shellVersion, manifest: () => manifest };
  const batcher = createBatcher({
    send: options.send ?? beaconSender(win.navigator),
    flushAfterMs: options.flushAfterMs ?? FLUSH_AFTER_MS,
    ...(options.setTimer ? { setTimer: options.setTimer } : {}),
    ...(options.clearTimer ? { clearTimer: options.clearTimer } : {}),
  });
  const here = () => routeOf(win.location.pathname, win.location.search);
  // Vitals belong to the page the tab opened on (LCP, TTFB; CLS and INP as web-vitals measures them).
  const landing = here();

  const queue = (remote: TelemetryRemote, route: ReturnType<typeof here>['route'], signal: TelemetrySignal) => {
    batcher.add(tagsFor(source, remote, route), signal);
    // Hidden already (a vital reported while the page is being left): send at once.
    if (doc.visibilityState === 'hidden') batcher.flush();
  };

  const seenInSession = (key: string): boolean => {
    try {
      const storage = win.sessionStorage;
      const seen = JSON.parse(storage.getItem(SEEN_KEY) ?? '[]') as unknown;
      const list = Array.isArray(seen) ? seen.filter((item): item is string => typeof item === 'string') : [];
      if (list.includes(key)) return true;
      storage.setItem(SEEN_KEY, JSON.stringify([...list, key]));
      return false;
    } catch {
      // No storage (privacy settings): every page load counts as a session of its own.
      return seenInMemory.has(key) || (seenInMemory.add(key), false);
    }
  };
  const seenInMemory = new Set<string>();

  let lastPage: string | null = null;
  const pageview = () => {
    const { route, remote } = here();
    const page = `${route}\u0000${win.location.pathname.replace(/\/+$/, '')}`;
    if (page === lastPage) return;
    lastPage = page;
    const tags = tagsFor(source, remote, route);
    queue(remote, route, { type: 'pageview', first: !seenInSession(`${tags.remote}@${tags.version}`) });
  };

  const repeats = new Map<string, number>();
  const error = (kind: ErrorKind, thrown: unknown, remote?: TelemetryRemote) => {
    const page = here();
    const owner = remote ?? remoteOfStack(thrown, manifest, win.location.href) ?? page.remote;
    const message = messageOf(thrown);
    const frame = topFrameOf(thrown);
    const key = [kind, owner, message, frame].join('\u0000');
    const count = repeats.get(key) ?? 0;
    if (count >= ERROR_REPEAT_MAX) return;
    repeats.set(key, count + 1);
    queue(owner, page.route, { type: 'error', kind, message, frame });
  };

  const vital = (name: WebVital, value: number) => {
    if (!Number.isFinite(value)) return;
    queue(landing.remote, landing.route, { type: 'vital', name, value: Math.min(Math.max(value, 0), VITAL_MAX) });
  };

  const telemetry: Telemetry = {
    setManifest: guarded((next: DeploymentManifest) => {
      manifest = next;
    }),
    pageview: guarded(pageview),
    error: guarded(error),
    vital: guarded(vital),
    flush: guarded(() => batcher.flush()),
    stop: () => listening.abort(),
  };
  const listening = new AbortController();
  const { signal } = listening;

  win.addEventListener('single-spa:routing-event', () => telemetry.pageview(), { signal });
  win.addEventListener('error', (event) => telemetry.error('uncaught', event.error ?? event.message), {
    signal,
  });
  win.addEventListener('unhandledrejection', (event) => telemetry.error('rejection', event.reason), { signal });
  win.addEventListener(
    FIELD_ERROR_EVENT,
    guarded((event: Event) => {
      const detail = (event as CustomEvent<FieldErrorDetail | undefined>).detail;
      if (detail && FIELD_KINDS.includes(detail.kind)) telemetry.error(detail.kind, detail.error, detail.remote);
    }),
    { signal },
  );
  doc.addEventListener(
    'visibilitychange',
    () => {
      if (doc.visibilityState === 'hidden') telemetry.flush();
    },
    { signal },
  );
  win.addEventListener('pagehide', () => telemetry.flush(), { signal });

  // Web Vitals: once the first page has mounted, its files have loaded and the browser is idle.
  const loadVitals = options.loadVitals ?? (() => import(/* webpackChunkName: "web-vitals" */ './vitals'));
  win.addEventListener(
    'single-spa:first-mount',
    guarded(() =>
      afterLoad(
        () =>
          whenIdle(
            () =>
              void loadVitals()
                .then((vitals) => vitals.observeVitals((name, value) => telemetry.vital(name, value)))
                .catch(() => undefined),
            win,
          ),
        win,
      ),
    ),
    { once: true, signal },
  );
  return telemetry;
}
