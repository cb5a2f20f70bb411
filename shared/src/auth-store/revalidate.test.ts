import { describe, expect, test, vi } from 'vitest';
import {
  STALE_AFTER_MS,
  bumpDataGeneration,
  createRevalidator,
  isStale,
  revalidationStore,
  subscribeLiveNotices,
  emitLiveNotice,
} from './revalidate';

describe('isStale: the 30 s rule', () => {
  test.each([
    [null, 0, true, 'never read'],
    [1_000, 1_000, false, 'just read'],
    [1_000, 1_000 + STALE_AFTER_MS - 1, false, '1 ms before 30 s'],
    [1_000, 1_000 + STALE_AFTER_MS, true, '30 s exactly'],
    [1_000, 1_000 + STALE_AFTER_MS + 1, true, 'after 30 s'],
    [5_000, 4_999, true, 'the clock went back'],
  ])('read at %s, now %s → %s (%s)', (readAt: number | null, now: number, stale: boolean, _why: string) => {
    expect(isStale(readAt, now)).toBe(stale);
  });

  test('another limit', () => {
    expect(isStale(0, 9, 10)).toBe(false);
    expect(isStale(0, 10, 10)).toBe(true);
  });
});

/** A revalidator on a clock the test moves (no real timers). */
function setup() {
  let now = 100_000;
  const bump = vi.fn();
  const refreshMe = vi.fn(() => Promise.resolve(true));
  const revalidator = createRevalidator({ now: () => now, refreshMe, bump });
  return { revalidator, bump, refreshMe, advance: (ms: number) => (now += ms), now: () => now };
}

describe('createRevalidator', () => {
  test('a navigation re-reads only once the copy is 30 s old; the read time moves with each re-read', async () => {
    const t = setup();
    // Never read: the first navigation reads.
    await expect(t.revalidator.navigated()).resolves.toBe(true);
    expect(t.refreshMe).toHaveBeenCalledTimes(1);
    expect(t.bump).toHaveBeenLastCalledWith('navigation', null);
    expect(t.revalidator.readAt()).toBe(t.now());

    t.advance(STALE_AFTER_MS - 1);
    await expect(t.revalidator.navigated()).resolves.toBe(false);
    expect(t.refreshMe).toHaveBeenCalledTimes(1);

    t.advance(1);
    await expect(t.revalidator.navigated()).resolves.toBe(true);
    expect(t.refreshMe).toHaveBeenCalledTimes(2);
    expect(t.bump).toHaveBeenCalledTimes(2);
  });

  test('the shell’s first read counts (markRead): no re-read at a navigation within 30 s of it', async () => {
    const t = setup();
    t.revalidator.markRead();
    t.advance(10_000);
    await expect(t.revalidator.navigated()).resolves.toBe(false);
    expect(t.refreshMe).not.toHaveBeenCalled();
  });

  test('the tab shown again re-reads whatever the age; so does a notice (with it) and a reconnect', async () => {
    const t = setup();
    t.revalidator.markRead();
    await t.revalidator.visible();
    expect(t.bump).toHaveBeenLastCalledWith('visible', null);
    await t.revalidator.notice({ kind: 'entry', id: 4 });
    expect(t.bump).toHaveBeenLastCalledWith('notice', { kind: 'entry', id: 4 });
    await t.revalidator.reconnected();
    expect(t.bump).toHaveBeenLastCalledWith('reconnect', null);
    expect(t.refreshMe).toHaveBeenCalledTimes(3);
    // Each counts as a read: a navigation right after reads nothing.
    await expect(t.revalidator.navigated()).resolves.toBe(false);
  });

  test('answers whether the API answered the re-read', async () => {
    const t = setup();
    t.refreshMe.mockResolvedValueOnce(false);
    await expect(t.revalidator.visible()).resolves.toBe(false);
  });
});

test('bumpDataGeneration moves the shared generation by one and says why', () => {
  const before = revalidationStore.getState().generation;
  bumpDataGeneration('notice', { kind: 'identity', id: 1 });
  expect(revalidationStore.getState()).toEqual({ generation: before + 1, cause: 'notice', notice: { kind: 'identity', id: 1 } });
});

test('subscribeLiveNotices: every listener gets each notice until it unsubscribes', () => {
  const a = vi.fn();
  const b = vi.fn();
  const stopA = subscribeLiveNotices(a);
  const stopB = subscribeLiveNotices(b);
  emitLiveNotice({ kind: 'entry', id: 2 });
  stopA();
  emitLiveNotice({ kind: 'identity', id: 3 });
  stopB();
  expect(a.mock.calls).toEqual([[{ kind: 'entry', id: 2 }]]);
  expect(b.mock.calls).toEqual([[{ kind: 'entry', id: 2 }], [{ kind: 'identity', id: 3 }]]);
});
