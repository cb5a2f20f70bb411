import type { LiveNotice } from './revalidate';

/** `GET /api/events/` (the catalogue's `events.stream`; a test keeps the two the same). */
export const EVENTS_PATH = '/api/events/';
/** The SSE event of a change notice (the contract's `CHANGE_EVENT`; a test keeps the two the same). */
export const CHANGED_EVENT = 'changed';

export interface BackoffOptions {
  readonly baseMs: number;
  readonly capMs: number;
}
/** First reconnect after ≈ 1–2 s, doubling, never more than a minute apart. */
export const STREAM_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 60_000 };

/**
 * A stream counts as healthy (the back-off starts again from its first step) only once it has
 * stayed open this long: one that a proxy or a server in trouble closes right after opening keeps
 * backing off instead of reconnecting (and re-reading the page) every second or two.
 */
export const STABLE_STREAM_MS = 60_000;

/**
 * The wait before reconnect number `attempt` (0 = the first after a loss): exponential with a cap,
 * and "equal jitter" (half fixed, half random) so that the tabs a server restart disconnected all at
 * once do not all come back in the same instant. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: number, options: BackoffOptions = STREAM_BACKOFF): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}

/** A change notice from the event's data, or null for anything else (the page ignores it). */
export function parseNotice(data: unknown): LiveNotice | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  if ((kind !== 'identity' && kind !== 'entry') || typeof id !== 'number' || !Number.isInteger(id)) return null;
  return { kind, id };
}

/** The part of EventSource the stream uses (a test passes a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LiveStreamDeps {
  readonly connect: (url: string) => EventSourceLike;
  readonly setTimer: (run: () => void, ms: number) => unknown;
  readonly clearTimer: (timer: unknown) => void;
  readonly random: () => number;
  /** The clock (ms), for how long a stream stayed open. */
  readonly now: () => number;
  readonly onNotice: (notice: LiveNotice) => void;
  /** The stream opened again after a loss: notices may have been missed meanwhile. */
  readonly onReconnected: () => void;
  readonly backoff?: BackoffOptions;
}

export interface LiveStream {
  /** Opens the stream (nothing when it is open or a reconnect is waiting). */
  readonly open: () => void;
  /** A sign the API answers again (a re-read succeeded): a waiting reconnect happens now. */
  readonly reconnectNow: () => void;
  /** Closes it for good (logout): no reconnect. */
  readonly close: () => void;
  readonly state: () => 'closed' | 'connecting' | 'open' | 'waiting';
}

/**
 * One EventSource with our own reconnects. EventSource retries by itself after a dropped
 * connection, at the `retry:` interval for ever and not at all after an error status (403 once the
 * session ended, 503): so at any error this closes it and opens a new one after `backoffDelay`
 * (reset once a stream has stayed open STABLE_STREAM_MS). A loss followed by an open calls
 * `onReconnected`.
 */
export function createLiveStream(deps: LiveStreamDeps): LiveStream {
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let lost = false;
  let opened = false;
  let openedAt = 0;
  let closed = true;

  const connect = () => {
    timer = null;
    const es = deps.connect(EVENTS_PATH);
    source = es;
    opened = false;
    es.onopen = () => {
      if (source !== es) return;
      opened = true;
      openedAt = deps.now();
      if (lost) {
        lost = false;
        deps.onReconnected();
      }
    };
    es.onerror = () => {
      if (source !== es) return;
      es.close();
      source = null;
      lost = true;
      // Open long enough: healthy, so the next try is a quick one again.
      if (opened && deps.now() - openedAt >= STABLE_STREAM_MS) attempt = 0;
      opened = false;
      if (closed) return;
      timer = deps.setTimer(connect, backoffDelay(attempt, deps.random(), deps.backoff));
      attempt += 1;
    };
    es.addEventListener(CHANGED_EVENT, (event) => {
      if (source !== es) return;
      const notice = parseNotice(event.data);
      if (notice !== null) deps.onNotice(notice);
    });
  };

  return {
    open() {
      closed = false;
      if (source !== null || timer !== null) return;
      connect();
    },
    reconnectNow() {
      if (closed || timer === null) return;
      deps.clearTimer(timer);
      connect();
    },
    close() {
      closed = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      source?.close();
      source = null;
      attempt = 0;
      lost = false;
    },
    state: () => (closed ? 'closed' : timer !== null ? 'waiting' : opened ? 'open' : 'connecting'),
  };
}
