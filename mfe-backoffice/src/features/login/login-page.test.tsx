import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { STAFF_MESSAGES } from '@app/contracts';
import { MOCK_STAFF } from '@app/mocks';
import { installMswServer } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';

installMswServer();

const fill = async (email: string, password: string, otp: string) => {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'ログイン' });
  if (email) await user.type(screen.getByLabelText('メールアドレス'), email);
  if (password) await user.type(screen.getByLabelText('パスワード'), password);
  if (otp) await user.type(screen.getByLabelText(/確認コード/), otp);
  await user.click(submit);
};

describe('/backoffice/login', () => {
  test('blank fields are named in Japanese before anything is sent', async () => {
    renderBackoffice('/backoffice/login');
    await fill('', '', '');
    expect(screen.getByText('メールアドレスを入力してください。')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください。')).toBeInTheDocument();
    expect(screen.getByText('確認コードを入力してください。')).toBeInTheDocument();
    expect(screen.getByLabelText('メールアドレス')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a wrong code gets the server’s one message, and the code field is emptied', async () => {
    const { location } = renderBackoffice('/backoffice/login');
    await fill(MOCK_STAFF.email, MOCK_STAFF.password, '654321');
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.invalidCredentials);
    expect(screen.getByLabelText(/確認コード/)).toHaveValue('');
    expect(location()).toBe('/backoffice/login');
  });

  test('a code that is not six digits is refused at its field (the contract’s message)', async () => {
    renderBackoffice('/backoffice/login');
    await fill(MOCK_STAFF.email, MOCK_STAFF.password, '12a');
    expect(await screen.findByText(STAFF_MESSAGES.otpFormat)).toBeInTheDocument();
    expect(screen.getByLabelText(/確認コード/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('the right address, password and code open the review queue, with the staff member in the header', async () => {
    const { location } = renderBackoffice('/backoffice/login');
    await fill(MOCK_STAFF.email, MOCK_STAFF.password, MOCK_STAFF.otp);
    expect(await screen.findByRole('heading', { level: 1, name: '審査キュー' })).toBeInTheDocument();
    expect(location()).toBe('/backoffice');
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
    expect(screen.getByText('管理者')).toBeInTheDocument();
  });

  test('a page without a staff session sends the person to the login, and back there after it', async () => {
    const { location } = renderBackoffice('/backoffice/entries/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフログイン' })).toBeInTheDocument();
    expect(location()).toBe('/backoffice/login?next=%2Fbackoffice%2Fentries%2F12');
    await fill(MOCK_STAFF.email, MOCK_STAFF.password, MOCK_STAFF.otp);
    await waitFor(() => expect(location()).toBe('/backoffice/entries/12'));
  });

  test('logout ends the staff session and goes back to the login', async () => {
    const user = userEvent.setup();
    const { backend, location } = renderBackoffice('/backoffice', { staff: mockStaff('reviewer') });
    await user.click(await screen.findByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフログイン' })).toBeInTheDocument();
    expect(location()).toBe('/backoffice/login');
    expect(backend.state.staff).toBeNull();
  });
});
