import { expect, test } from 'vitest';
import { APP_MOUNTED_ATTR, APP_PENDING_ATTR, APP_STATE_ATTR, createAppState } from './app-state';

test('tokens accumulate once each, in the order they happened', () => {
  const root = document.createElement('html');
  const state = createAppState(root);
  expect(root.getAttribute(APP_STATE_ATTR)).toBeNull();
  state.mark('started');
  state.mark('mounted');
  state.mark('started');
  expect(root.getAttribute(APP_STATE_ATTR)).toBe('started mounted');
  expect(root.matches('[data-app~="mounted"]')).toBe(true);
  expect(root.matches('[data-app~="idle"]')).toBe(false);
});

test('pending counts the tracked work until each settles, a failure too', async () => {
  const root = document.createElement('html');
  const state = createAppState(root);
  expect(root.getAttribute(APP_PENDING_ATTR)).toBe('0');
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const one = state.track(new Promise<void>((resolve) => (finish = resolve)));
  const two = state.track(new Promise<void>((_resolve, reject) => (fail = reject)));
  expect(root.getAttribute(APP_PENDING_ATTR)).toBe('2');
  finish();
  await one;
  expect(root.getAttribute(APP_PENDING_ATTR)).toBe('1');
  fail(new Error('offline'));
  await expect(two).rejects.toThrow('offline');
  expect(root.getAttribute(APP_PENDING_ATTR)).toBe('0');
});

test('the mounted applications, sorted, space-separated', () => {
  const root = document.createElement('html');
  const state = createAppState(root);
  state.setMounted(['mfe_mypage', 'mfe_entry']);
  expect(root.getAttribute(APP_MOUNTED_ATTR)).toBe('mfe_entry mfe_mypage');
  state.setMounted([]);
  expect(root.getAttribute(APP_MOUNTED_ATTR)).toBe('');
});
