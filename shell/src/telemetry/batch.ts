import type { TelemetryBatch, TelemetrySignal, TelemetryTags } from '@app/contracts/api/telemetry';

/**
 * The endpoint's bounds, as @app/contracts/api/telemetry declares them (batch.test.ts holds them
 * equal): repeated here because that module builds zod schemas, which the shell's first chunk must
 * not load (the landing page loads no zod).
 */
export const TELEMETRY_PATH = '/api/telemetry/';
export const TELEMETRY_BATCH_MAX = 50;
export const TELEMETRY_BODY_MAX_BYTES = 32 * 1024;

/** Sends one body; false when it could not be handed over (then it is dropped: no retry). */
export type SendBody = (body: string) => boolean;

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

/**
 * The bodies of one tag set's signals: batches of at most TELEMETRY_BATCH_MAX signals whose JSON is
 * at most `maxBytes`, in order (a batch too large is halved until it fits; a single signal that
 * does not fit alone is dropped: it cannot be sent).
 */
export function bodiesOf(tags: TelemetryTags, signals: readonly TelemetrySignal[], maxBytes = TELEMETRY_BODY_MAX_BYTES): string[] {
  const bodies: string[] = [];
  const split = (part: readonly TelemetrySignal[]) => {
    if (part.length === 0) return;
    const body = JSON.stringify({ tags, signals: [...part] } satisfies TelemetryBatch);
    if (byteLength(body) <= maxBytes) {
      bodies.push(body);
      return;
    }
    if (part.length === 1) return;
    const half = Math.ceil(part.length / 2);
    split(part.slice(0, half));
    split(part.slice(half));
  };
  for (let i = 0; i < signals.length; i += TELEMETRY_BATCH_MAX) split(signals.slice(i, i + TELEMETRY_BATCH_MAX));
  return bodies;
}

/** The order of a tag set's fields is fixed, so equal tags give equal keys. */
const keyOf = (tags: TelemetryTags): string =>
  [tags.route, tags.remote, tags.version, tags.revision, tags.canary, tags.preview].join('\u0000');

export interface BatcherOptions {
  readonly send: SendBody;
  /** Waiting signals are sent at the latest this long after the first of them (ms). */
  readonly flushAfterMs?: number;
  readonly setTimer?: (task: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
  readonly maxBytes?: number;
}

/**
 * Signals waiting to be sent, grouped by tag set: a group is sent when it holds
 * TELEMETRY_BATCH_MAX signals, everything when `flush` is called (the page is hidden or left) and
 * `flushAfterMs` after the first signal that waits. A body the browser refuses is dropped.
 */
export function createBatcher(options: BatcherOptions) {
  const {
    send,
    flushAfterMs = 10_000,
    setTimer = (task, ms) => setTimeout(task, ms),
    clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    maxBytes = TELEMETRY_BODY_MAX_BYTES,
  } = options;
  const groups = new Map<string, { tags: TelemetryTags; signals: TelemetrySignal[] }>();
  let timer: unknown = null;

  const sendGroup = (key: string) => {
    const group = groups.get(key);
    groups.delete(key);
    if (!group) return;
    for (const body of bodiesOf(group.tags, group.signals, maxBytes)) {
      try {
        send(body);
      } catch {
        // Dropped: telemetry never retries and never bothers the person.
      }
    }
  };

  const flush = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    for (const key of [...groups.keys()]) sendGroup(key);
  };

  return {
    add(tags: TelemetryTags, signal: TelemetrySignal): void {
      const key = keyOf(tags);
      let group = groups.get(key);
      if (!group) {
        group = { tags, signals: [] };
        groups.set(key, group);
      }
      group.signals.push(signal);
      if (group.signals.length >= TELEMETRY_BATCH_MAX) sendGroup(key);
      if (groups.size > 0 && timer === null) timer = setTimer(flush, flushAfterMs);
    },
    flush,
    /** How many signals wait (tests). */
    pending(): number {
      let count = 0;
      for (const group of groups.values()) count += group.signals.length;
      return count;
    },
  };
}

export type Batcher = ReturnType<typeof createBatcher>;

/**
 * `navigator.sendBeacon(TELEMETRY_PATH, JSON blob)`: false when there is no sendBeacon or the
 * browser refuses the body (then it is dropped).
 */
export function beaconSender(nav: Navigator = navigator): SendBody {
  return (body) => {
    if (typeof nav.sendBeacon !== 'function') return false;
    return nav.sendBeacon(TELEMETRY_PATH, new Blob([body], { type: 'application/json' }));
  };
}
