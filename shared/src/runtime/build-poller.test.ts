import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS } from '../constants';
import { fetchLatestBuildId, startBuildPoller } from './build-poller';

describe('startBuildPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('fetches at start, polls hourly, and reports a new build once', async () => {
    const ids = ['a', 'a', 'b', 'c'];
    const fetchBuildId = vi.fn(async () => ids.shift() ?? 'c');
    const onStale = vi.fn();
    const poller = await startBuildPoller({ fetchBuildId, onStale });
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    expect(poller.initialId()).toBe('a');

    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS - 1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
    expect(poller.isStale()).toBe(false);

    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(poller.isStale()).toBe(true);
    expect(onStale).toHaveBeenCalledWith('b');

    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(onStale).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  test('a failed fetch is neither a change nor fatal; the first success becomes the baseline', async () => {
    const answers: (string | Error)[] = [new Error('offline'), 'x', new Error('offline'), 'x', 'y'];
    const fetchBuildId = vi.fn(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? null;
    });
    const onStale = vi.fn();
    const poller = await startBuildPoller({ fetchBuildId, onStale });
    expect(poller.initialId()).toBeNull();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(onStale).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(onStale).toHaveBeenCalledWith('y');
    poller.stop();
  });

  test('stop() ends polling', async () => {
    const fetchBuildId = vi.fn(async () => 'a');
    const poller = await startBuildPoller({ fetchBuildId, onStale: vi.fn() });
    poller.stop();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 2);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
  });
});

describe('fetchLatestBuildId', () => {
  const respond = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
  test('reads the id uncached from builds/latest.json', async () => {
    const f = respond(200, { id: 'abc', builtAt: 'x' });
    await expect(fetchLatestBuildId(f)).resolves.toBe('abc');
    expect(f).toHaveBeenCalledWith('/builds/latest.json', expect.objectContaining({ cache: 'no-store' }));
  });
  test.each([
    [404, { id: 'abc' }],
    [200, { build: 'abc' }],
    [200, { id: 3 }],
    [200, null],
  ])('HTTP %s %j → null', async (status, body) => {
    await expect(fetchLatestBuildId(respond(status, body))).resolves.toBeNull();
  });
});
