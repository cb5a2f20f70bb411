import { describe, expect, test, vi } from 'vitest';
import { CHANGE_EVENT, endpoints } from '@app/contracts';
import {
  CHANGED_EVENT,
  EVENTS_PATH,
  STABLE_STREAM_MS,
  STREAM_BACKOFF,
  backoffDelay,
  createLiveStream,
  parseNotice,
  type EventSourceLike,
} from './live-stream';

test('the path and event name are the catalogue’s', () => {
  expect(EVENTS_PATH).toBe(endpoints.events.stream.path);
  expect(endpoints.events.stream.method).toBe('GET');
  expect(CHANGED_EVENT).toBe(CHANGE_EVENT);
});

describe('backoffDelay: exponential, capped, with jitter', () => {
  test.each([
    [0, 0, 1_000],
    [0, 0.5, 1_500],
    [1, 0, 2_000],
    [2, 0.5, 6_000],
    [4, 0, 16_000],
    [5, 0.5, 45_000],
    [10, 0, 30_000],
    [-1, 0, 1_000],
  ])('attempt %s, random %s → %s ms', (attempt, random, delay) => {
    expect(backoffDelay(attempt, random)).toBe(delay);
  });

  test('never above the cap, never below half the ceiling', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      for (const random of [0, 0.25, 0.5, 0.75, 0.9999]) {
        const delay = backoffDelay(attempt, random);
        const ceiling = Math.min(STREAM_BACKOFF.capMs, STREAM_BACKOFF.baseMs * 2 ** attempt);
        expect(delay).toBeLessThanOrEqual(ceiling);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      }
    }
  });
});

test.each([
  ['{"kind":"entry","id":3}', { kind: 'entry', id: 3 }],
  ['{"kind":"identity","id":7}', { kind: 'identity', id: 7 }],
  ['{"kind":"profile","id":7}', null],
  ['{"kind":"entry","id":"7"}', null],
  ['{"kind":"entry"}', null],
  ['null', null],
  ['{', null],
  [undefined, null],
])('parseNotice(%s) → %j', (data, notice) => {
  expect(parseNotice(data)).toEqual(notice);
});

/** A fake EventSource the test drives, and fake timers the test fires. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  send(data: string) {
    this.listeners.get(CHANGED_EVENT)?.({ data } as MessageEvent);
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const onNotice = vi.fn();
  const onReconnected = vi.fn();
  let now = 0;
  const stream = createLiveStream({
    now: () => now,
    connect: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    random: () => 0,
    onNotice,
    onReconnected,
  });
  const fire = () => {
    const timer = timers.at(-1)!;
    expect(timer.cleared).toBe(false);
    timer.run();
  };
  return { stream, sources, timers, onNotice, onReconnected, fire, last: () => sources.at(-1)!, advance: (ms: number) => (now += ms) };
}

describe('createLiveStream', () => {
  test('one EventSource on /api/events/; notices go on; open() again opens no second one', () => {
    const t = setup();
    t.stream.open();
    t.stream.open();
    expect(t.sources).toHaveLength(1);
    expect(t.last().url).toBe('/api/events/');
    t.last().open();
    expect(t.stream.state()).toBe('open');
    t.last().send('{"kind":"entry","id":5}');
    t.last().send('not json');
    expect(t.onNotice.mock.calls).toEqual([[{ kind: 'entry', id: 5 }]]);
    expect(t.onReconnected).not.toHaveBeenCalled();
  });

  test('an error closes the EventSource (no retry of its own) and reconnects after a growing delay; a reopen says it reconnected', () => {
    const t = setup();
    t.stream.open();
    t.last().fail(); // refused at once (403/503): never opened
    expect(t.sources[0]!.closed).toBe(true);
    expect(t.stream.state()).toBe('waiting');
    expect(t.timers.map((x) => x.ms)).toEqual([1_000]);
    t.fire();
    t.last().fail();
    t.fire();
    t.last().fail();
    expect(t.timers.map((x) => x.ms)).toEqual([1_000, 2_000, 4_000]);
    t.fire();
    t.last().open();
    expect(t.onReconnected).toHaveBeenCalledTimes(1);
    expect(t.sources.filter((s) => !s.closed)).toHaveLength(1);
  });

  test('a stream closed soon after it opened keeps backing off; one that stayed open STABLE_STREAM_MS starts again from the first delay', () => {
    const t = setup();
    t.stream.open();
    t.last().open();
    t.advance(STABLE_STREAM_MS - 1);
    t.last().fail();
    t.fire();
    t.last().open();
    t.advance(5_000);
    t.last().fail();
    expect(t.timers.map((x) => x.ms)).toEqual([1_000, 2_000]);
    t.fire();
    t.last().open();
    t.advance(STABLE_STREAM_MS);
    t.last().fail();
    expect(t.timers.at(-1)!.ms).toBe(1_000);
    expect(t.onReconnected).toHaveBeenCalledTimes(2);
  });

  test('reconnectNow (the API answered a re-read) skips a waiting delay; nothing when connected', () => {
    const t = setup();
    t.stream.open();
    t.stream.reconnectNow();
    expect(t.sources).toHaveLength(1);
    t.last().fail();
    t.stream.reconnectNow();
    expect(t.timers[0]!.cleared).toBe(true);
    expect(t.sources).toHaveLength(2);
  });

  test('close (logout): the EventSource closed, a waiting reconnect cancelled, nothing reopens until open()', () => {
    const t = setup();
    t.stream.open();
    t.last().open();
    t.stream.close();
    expect(t.last().closed).toBe(true);
    expect(t.stream.state()).toBe('closed');
    // Events of the closed source change nothing.
    t.last().send('{"kind":"entry","id":5}');
    t.last().fail();
    expect(t.onNotice).not.toHaveBeenCalled();
    expect(t.timers).toHaveLength(0);

    t.stream.open();
    t.last().fail();
    t.stream.close();
    expect(t.timers[0]!.cleared).toBe(true);
    t.stream.reconnectNow();
    expect(t.sources).toHaveLength(2);
  });
});
