import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { LOGGED_OUT, authStore } from '../auth-store';
import { ErrorPage, errorTextFor } from './error-page';

afterEach(() => authStore.setState(LOGGED_OUT, true));

const renderPage = (status: number) =>
  render(
    <MemoryRouter>
      <ErrorPage status={status} />
    </MemoryRouter>,
  );

describe('ErrorPage (spec §2)', () => {
  test('404: お探しのページが見つかりません with a back link to the top page', () => {
    renderPage(404);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('お探しのページが見つかりません');
    expect(screen.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/エラーコード/)).toBeNull();
  });

  test.each([500, 502, 503, 598])('%s: server error with the status code', (status) => {
    renderPage(status);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('サーバーでエラーが発生しました');
    expect(screen.getByText(`エラーコード ${status}`)).toBeInTheDocument();
  });

  test('599 (a 6th claim, spec §8): the limit, with its code and the detail given', () => {
    render(<ErrorPage status={599} detail="申し込みに登録できる請求書は5個までです。" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('登録できる上限を超えています');
    expect(screen.getByText('エラーコード 599')).toBeInTheDocument();
    expect(screen.getByText('申し込みに登録できる請求書は5個までです。')).toBeInTheDocument();
  });

  test.each([400, 401, 402, 403])('%s: セッションが切れました, asking to log in again', (status) => {
    renderPage(status);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('セッションが切れました');
    expect(screen.getByRole('link', { name: 'ログインし直す' })).toHaveAttribute('href', '/login');
  });

  test.each([399, 405, 409, 429, 600])('%s: generic error', (status) => {
    expect(errorTextFor(status).heading).toBe('エラーが発生しました');
  });

  test('the back link goes to /mypage when logged in', () => {
    act(() => authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 1 }));
    renderPage(404);
    expect(screen.getByRole('link', { name: 'マイページへ戻る' })).toHaveAttribute('href', '/mypage');
  });

  test('outside a router the links are plain links', () => {
    render(<ErrorPage status={404} />);
    expect(screen.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
  });
});
