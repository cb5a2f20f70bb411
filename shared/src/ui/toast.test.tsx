import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../constants';
import { ToastRegion, showToast, toastStore } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  toastStore.setState({ toasts: [] });
});

test('a toast is announced and disappears after 7 s', () => {
  render(<ToastRegion />);
  act(() => void showToast('保存しました', 'success'));
  expect(screen.getByRole('status')).toHaveTextContent('保存しました');
  act(() => {
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
  });
  expect(screen.queryByText('保存しました')).toBeInTheDocument();
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(screen.queryByText('保存しました')).toBeNull();
});

test('a toast can be closed before then; others stay', async () => {
  vi.useRealTimers();
  render(<ToastRegion />);
  act(() => {
    showToast('一つ目');
    showToast('二つ目', 'error');
  });
  const [firstClose] = screen.getAllByRole('button', { name: '閉じる' });
  await userEvent.click(firstClose!);
  expect(screen.queryByText('一つ目')).toBeNull();
  expect(screen.getByText('二つ目')).toBeInTheDocument();
});
