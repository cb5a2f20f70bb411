import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { LOGGED_OUT, authStore } from '@app/shared';
import { ACCOUNT_MESSAGES, endpoints } from '@app/contracts';
import { accountSummaryFixture, answer, failure, meFixture, mock, suppressEntriesFixture } from '@app/mocks';
import { server, installMswServer } from '../../testing/server';
import LoginPage from './login-page';

installMswServer();
afterEach(() => authStore.setState(LOGGED_OUT, true));

const renderAt = (url = '/login') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <LoginPage />
    </MemoryRouter>,
  );

describe('LoginPage', () => {
  test('logs in: posts the credentials, then the auth store knows the user', async () => {
    let body: unknown;
    server.use(
      mock(endpoints.auth.login, (call) => {
        body = call.body;
        return accountSummaryFixture({ email: 'a@example.jp' });
      }),
      answer(endpoints.me.get, meFixture({ email: 'a@example.jp' })),
      answer(endpoints.systemSettings.suppressEntries, suppressEntriesFixture()),
    );
    renderAt();
    await userEvent.type(screen.getByLabelText(/メールアドレス/), ' a@example.jp ');
    await userEvent.type(screen.getByLabelText(/^パスワード/), 'secret-pass');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ログイン状態を保持する' }));
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(authStore.getState().status).toBe('login'));
    expect(body).toEqual({ email: 'a@example.jp', password: 'secret-pass', persistLoginState: true });
  });

  test('a refused login shows the server detail and keeps what was typed', async () => {
    server.use(failure(endpoints.auth.login, 'operational', { detail: ACCOUNT_MESSAGES.invalidCredentials }));
    renderAt();
    await userEvent.type(screen.getByLabelText(/メールアドレス/), 'a@example.jp');
    await userEvent.type(screen.getByLabelText(/^パスワード/), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('メールアドレスまたはパスワードが正しくありません。');
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue('a@example.jp');
    expect(screen.getByLabelText(/^パスワード/)).toHaveValue('wrong-pass');
    expect(authStore.getState().status).toBe('logout');
  });

  test('field errors go beside their field', async () => {
    server.use(failure(endpoints.auth.login, 'validation', { email: ['この項目は空にできません。'] }));
    renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    const email = screen.getByLabelText(/メールアドレス/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('この項目は空にできません。');
  });

  test('errors passed as JSON in the URL hash are shown', () => {
    renderAt(`/login#${encodeURIComponent(JSON.stringify({ detail: '外部サービスの認証に失敗しました。' }))}`);
    expect(screen.getByRole('alert')).toHaveTextContent('外部サービスの認証に失敗しました。');
  });
});
