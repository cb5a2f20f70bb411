import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LOGGED_OUT, authStore } from '@app/shared';
import { endpoints, type AccountSession } from '@app/contracts';
import { accountSessionsFixture, meFixture, mock } from '@app/mocks';
import { installMswServer, server } from '../../../testing/server';
import { SessionsSection } from './sessions-section';

installMswServer();
beforeEach(() => {
  authStore.setState({ ...LOGGED_OUT, status: 'login', userId: 7, me: meFixture({ id: 7 }), loaded: true }, true);
});
afterEach(() => {
  authStore.setState(LOGGED_OUT, true);
  vi.restoreAllMocks();
});

/** The sessions endpoints on a list the test can read. */
function backend(initial: AccountSession[] = accountSessionsFixture()) {
  const state = { sessions: initial, revoked: [] as string[], loggedOutAll: false, loggedOut: false };
  server.use(
    mock(endpoints.accountSessions.list, () => state.sessions),
    mock(endpoints.accountSessions.revoke, ({ params }) => {
      state.revoked.push(String(params.id));
      state.sessions = state.sessions.filter((s) => s.id !== params.id);
      return undefined;
    }),
    mock(endpoints.accountSessions.logoutAll, () => {
      state.loggedOutAll = true;
      return undefined;
    }),
    mock(endpoints.auth.logout, () => ((state.loggedOut = true), undefined)),
  );
  return state;
}

describe('SessionsSection', () => {
  test('lists each device with when it was last used, this one marked and not revocable', async () => {
    backend();
    render(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'ログイン中の端末' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome / Windows');
    expect(items[0]).toHaveTextContent('この端末');
    expect(items[0]).toHaveTextContent('最終利用 2026年11月21日 12:00');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Safari / iPhone');
    expect(items[1]).toHaveTextContent('ログインしたまま');
  });

  test('logs another device out and shows the list without it', async () => {
    const state = backend();
    render(<SessionsSection />);
    await userEvent.click(await screen.findByRole('button', { name: /Safari \/ iPhone.*をログアウトさせる/ }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(state.revoked).toEqual(['a1b2c3d4e5f60718293a4b5c6d7e8f90']);
    expect(authStore.getState().status).toBe('login');
  });

  test('log out everywhere: asks first, ends every session, and this tab is logged out', async () => {
    const state = backend();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<SessionsSection />);
    const button = await screen.findByRole('button', { name: 'すべての端末からログアウト' });
    await userEvent.click(button);
    expect(state.loggedOutAll).toBe(false);
    await userEvent.click(button);
    await waitFor(() => expect(authStore.getState().status).toBe('logout'));
    expect(state.loggedOutAll).toBe(true);
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});
