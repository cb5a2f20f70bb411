import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { LOGGED_OUT, authStore } from '@app/shared';
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
      http.post('*/api/auth/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({});
      }),
      http.post('*/api/me/', () => HttpResponse.json({ id: 5, version: 1, email: 'a@example.jp', has_satisfied_profile: true })),
      http.get('*/api/system_settings/supress_entries/', () => HttpResponse.json({ method: null, segment: null, message: null })),
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
    server.use(
      http.post('*/api/auth/', () => HttpResponse.json({ detail: 'メールアドレスまたはパスワードが正しくありません。' }, { status: 401 })),
    );
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
    server.use(http.post('*/api/auth/', () => HttpResponse.json({ email: ['この項目は空にできません。'] }, { status: 400 })));
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
