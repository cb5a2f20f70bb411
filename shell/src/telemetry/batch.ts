import type { TelemetryEnvelope, TelemetrySignal, TelemetryTags } from '@app/contracts/api/telemetry';

/**
 * The endpoint's bounds, as @app/contracts/api/telemetry declares them (batch.test.ts holds them
 * equal): repeated here because that module builds zod schemas, which the shell's first chunk must
 * not load (the landing page loads no zod).
 */
export const TELEMETRY_PATH = '/api/telemetry/';
export const TELEMETRY_BATCH_MAX = 50;
export const TELEMETRY_BEACON_MAX_BATCHES = 10;
export const TELEMETRY_BODY_MAX_BYTES = 32 * 1024;

/** Sends one body; false when it could not be handed over (then it is dropped: no retry). */
export type SendBody = (body: string) => boolean;

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

/** One tag set's waiting signals. */
export interface Group {
  readonly tags: TelemetryTags;
  readonly signals: readonly TelemetrySignal[];
}

/** A run of signals, in the order they waited, as one envelope: a batch per run of the same tags. */
function envelopeOf(items: readonly (readonly [TelemetryTags, TelemetrySignal])[]): TelemetryEnvelope {
  const batches: { tags: TelemetryTags; signals: TelemetrySignal[] }[] = [];
  for (const [tags, signal] of items) {
    const last = batches.at(-1);
    if (last?.tags === tags) last.signals.push(signal);
    else batches.push({ tags, signals: [signal] });
  }
  return { batches };
}

/**
 * The bodies of the waiting groups: envelopes (a batch per tag set) of at most TELEMETRY_BATCH_MAX
 * signals and TELEMETRY_BEACON_MAX_BATCHES tag sets in all, whose JSON is at most `maxBytes`, in
 * order. One body for what a few pages gathered; a body too large is halved until it fits; a single
 * signal that does not fit alone is dropped: it cannot be sent.
 */
export function bodiesOf(groups: readonly Group[], maxBytes = TELEMETRY_BODY_MAX_BYTES): string[] {
  const items = groups.flatMap((group) => group.signals.map((signal) => [group.tags, signal] as const));
  const bodies: string[] = [];
  const split = (part: readonly (readonly [TelemetryTags, TelemetrySignal])[]) => {
    if (part.length === 0) return;
    const body = JSON.stringify(envelopeOf(part));
    if (byteLength(body) <= maxBytes) {
      bodies.push(body);
      return;
    }
    if (part.length === 1) return;
    const half = Math.ceil(part.length / 2);
    split(part.slice(0, half));
    split(part.slice(half));
  };
  // Runs of at most TELEMETRY_BATCH_MAX signals and TELEMETRY_BEACON_MAX_BATCHES tag sets.
  let run: (readonly [TelemetryTags, TelemetrySignal])[] = [];
  let sets = 0;
  for (const item of items) {
    const newSet = run.at(-1)?.[0] !== item[0];
    if (run.length === TELEMETRY_BATCH_MAX || (newSet && sets === TELEMETRY_BEACON_MAX_BATCHES)) {
      split(run);
      run = [];
      sets = 0;
    }
    if (run.at(-1)?.[0] !== item[0]) sets++;
    run.push(item);
  }
  split(run);
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
 * Signals waiting to be sent, grouped by tag set, all of them in one beacon (bodiesOf): sent when
 * TELEMETRY_BATCH_MAX signals wait, when `flush` is called (the page is hidden or left) and
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

  let waiting = 0;

  const flush = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const all = [...groups.values()];
    groups.clear();
    waiting = 0;
    for (const body of bodiesOf(all, maxBytes)) {
      try {
        send(body);
      } catch {
        // Dropped: telemetry never retries and never bothers the person.
      }
    }
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
      waiting++;
      if (waiting >= TELEMETRY_BATCH_MAX) flush();
      else if (timer === null) timer = setTimer(flush, flushAfterMs);
    },
    flush,
    /** How many signals wait (tests). */
    pending(): number {
      return waiting;
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
