import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ACCOUNT_MESSAGES, HUMAN_TEXT_MESSAGES, endpoints } from '@app/contracts';
import { accountSummaryFixture, createMockBackend, failure, mock } from '@app/mocks';
import { server, installMswServer } from '../../testing/server';
import RegisterPage from './register-page';

installMswServer();

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/register']}>
      <RegisterPage />
      <Where />
    </MemoryRouter>,
  );

async function fillCorporate() {
  await userEvent.click(screen.getByRole('radio', { name: /法人/ }));
  await userEvent.type(screen.getByLabelText(/会社名/), '株式会社ツムギ商事');
  await userEvent.type(screen.getByLabelText(/^姓/), '山田');
  await userEvent.type(screen.getByLabelText(/^名/), '太郎');
  await userEvent.type(screen.getByLabelText(/メールアドレス/), 'taro@example.jp');
  await userEvent.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'tsumugi-2026');
}

describe('RegisterPage', () => {
  test('nothing is sent without a division and consent; the errors say why', async () => {
    let posted = false;
    server.use(mock(endpoints.register.create, () => ((posted = true), accountSummaryFixture())));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    expect(await screen.findByText('法人か個人事業主かを選択してください。')).toBeInTheDocument();
    expect(screen.getByText('利用規約とプライバシーポリシーへの同意が必要です。')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('エラーのある項目をご確認ください');
    expect(posted).toBe(false);
  });

  test('the password rules update while typing', async () => {
    renderPage();
    const rules = screen.getByRole('list', { name: 'パスワードの条件' });
    expect(rules.querySelector('[data-ok="true"]')).toBeNull();
    const password = screen.getByLabelText(/^パスワード/, { selector: 'input' });
    await userEvent.type(password, 'abcd1234');
    const unmet = () => [...rules.querySelectorAll('[data-ok="false"]')].map((li) => li.firstChild?.textContent);
    expect(unmet()).toEqual(['よく使われる・流出したことのあるパスワードではない']);
    await userEvent.clear(password);
    await userEvent.type(password, 'mizu-no-oto-2026');
    expect(unmet()).toEqual([]);
  });

  test('registers: sends the fields and shows where the activation mail went', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      mock(endpoints.register.create, (call) => {
        body = call.body as Record<string, unknown>;
        return accountSummaryFixture({ id: 1 });
      }),
    );
    renderPage();
    await fillCorporate();
    await userEvent.click(screen.getByRole('checkbox', { name: /同意する/ }));
    await userEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/register/activation?sent=taro%40example.jp'));
    expect(body).toMatchObject({
      email: 'taro@example.jp',
      password: 'tsumugi-2026',
      corporate_division: 'corporate',
      company_name: '株式会社ツムギ商事',
      last_name: '山田',
      first_name: '太郎',
    });
  });

  test('a server rejection keeps everything typed and shows the message beside the field', async () => {
    server.use(failure(endpoints.register.create, 'validation', { email: [ACCOUNT_MESSAGES.emailTaken] }));
    renderPage();
    await fillCorporate();
    await userEvent.click(screen.getByRole('checkbox', { name: /同意する/ }));
    await userEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    const email = screen.getByLabelText(/メールアドレス/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('このメールアドレスは既に登録されています。'));
    expect(email).toHaveValue('taro@example.jp');
    expect(screen.getByLabelText(/会社名/)).toHaveValue('株式会社ツムギ商事');
    expect(screen.getByLabelText(/^パスワード/, { selector: 'input' })).toHaveValue('tsumugi-2026');
  });

  test('a name with a link is refused beside the field (the contract the API validates with), and kept as typed', async () => {
    server.use(...createMockBackend().handlers);
    renderPage();
    await fillCorporate();
    await userEvent.type(screen.getByLabelText(/^名/), ' https://tsumugi-verify.example');
    await userEvent.click(screen.getByRole('checkbox', { name: /同意する/ }));
    await userEvent.click(screen.getByRole('button', { name: '同意して登録する' }));
    const firstName = screen.getByLabelText(/^名/);
    await waitFor(() => expect(firstName).toHaveAccessibleDescription(HUMAN_TEXT_MESSAGES.link));
    expect(firstName).toHaveValue('太郎 https://tsumugi-verify.example');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/register$/);
  });
});
