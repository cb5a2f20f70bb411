import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../constants';
import { MAX_TOASTS, ToastRegion, endToastsOfLeftPage, showToast, toastStore } from './toast';

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

test('at most two show at once: a third pushes out the oldest', () => {
  render(<ToastRegion />);
  act(() => {
    showToast('一つ目');
    showToast('二つ目');
    showToast('三つ目');
  });
  expect(MAX_TOASTS).toBe(2);
  expect(screen.queryByText('一つ目')).toBeNull();
  expect(screen.getByText('二つ目')).toBeInTheDocument();
  expect(screen.getByText('三つ目')).toBeInTheDocument();
});

describe('a toast belongs to the page that raised it', () => {
  const navigate = (to: string) => {
    window.history.pushState(null, '', to);
    // What single-spa does for every change of the URL (and the browser for back/forward).
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  beforeEach(() => window.history.replaceState(null, '', '/profile'));

  test('it ends when the person goes to another page', () => {
    render(<ToastRegion />);
    act(() => void showToast('登録情報を保存しました', 'success'));
    act(() => navigate('/mypage'));
    expect(screen.queryByText('登録情報を保存しました')).toBeNull();
  });

  test('a change of the hash or query alone keeps it', () => {
    render(<ToastRegion />);
    act(() => void showToast('登録情報を保存しました', 'success'));
    act(() => navigate('/profile#identity'));
    act(() => navigate('/profile?tab=1'));
    expect(screen.getByText('登録情報を保存しました')).toBeInTheDocument();
  });

  test('a toast announcing the navigation moves to the next page, then belongs to it', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('ログアウトしました', 'success', { announcesNavigation: true });
      showToast('保存しました');
    });
    act(() => navigate('/login'));
    expect(screen.getByText('ログアウトしました')).toBeInTheDocument();
    expect(screen.queryByText('保存しました')).toBeNull();
    act(() => navigate('/register'));
    expect(screen.queryByText('ログアウトしました')).toBeNull();
  });

  test('a toast raised after the navigation (the new page raised it) stays', () => {
    render(<ToastRegion />);
    act(() => navigate('/login'));
    act(() => void showToast('ログアウトしました', 'success'));
    act(() => endToastsOfLeftPage());
    expect(screen.getByText('ログアウトしました')).toBeInTheDocument();
  });
});
