import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_RUNTIME_CONFIG, LOGGED_OUT, authStore, setRuntimeConfig } from '@app/shared';
import { PRE_ENTRY_DECLINE_RULES } from '@app/contracts/domain';
import { endpoints, type PreEntryResult } from '@app/contracts';
import { answer, mock, offline } from '@app/mocks';
import { server, installMswServer } from '../../testing/server';
import PreEntryResultPage from './pre-entry-result-page';

installMswServer();

const rule = (questionId: string) => PRE_ENTRY_DECLINE_RULES.find((r) => r.questionId === questionId)!;
const DECLINED: PreEntryResult = {
  outcome: 'declined',
  reasons: ['bank_transfer', 'tax_arrears'].map((id) => ({ question_id: id, reason: rule(id).reason, alternative: rule(id).alternative })),
  answered_at: '2026-11-21T10:00:00+09:00',
};

beforeEach(() => authStore.setState({ ...LOGGED_OUT, status: 'preEntryDeclined', userId: 7 }));
afterEach(() => {
  authStore.setState(LOGGED_OUT, true);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/pre_entry/result']}>
      <PreEntryResultPage />
    </MemoryRouter>,
  );

describe('PreEntryResultPage', () => {
  test('declined: each reason with its question and what can be done instead, kindly worded', async () => {
    server.use(answer(endpoints.preEntry.get, DECLINED));
    renderPage();
    const list = await screen.findByRole('list', { name: 'お取り扱いできない理由' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('ご質問：売掛先からの支払いは銀行振込ですか');
    expect(items[0]).toHaveTextContent(rule('bank_transfer').reason);
    expect(items[0]).toHaveTextContent(`ご検討いただけること${rule('bank_transfer').alternative}`);
    expect(items[1]).toHaveTextContent(rule('tax_arrears').alternative);
    expect(screen.getByText('回答日：2026年11月21日')).toBeInTheDocument();
  });

  test('declined: the support page of the runtime config, and the logout', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, supportUrl: 'https://support.example.jp/contact' });
    let loggedOut = false;
    server.use(
      answer(endpoints.preEntry.get, DECLINED),
      mock(endpoints.auth.logout, () => {
        loggedOut = true;
        return undefined;
      }),
    );
    renderPage();
    const support = await screen.findByRole('link', { name: /サポート窓口へのお問い合わせ/ });
    expect(support).toHaveAttribute('href', 'https://support.example.jp/contact');
    expect(support).toHaveAttribute('target', '_blank');
    expect(support).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(authStore.getState().status).toBe('logout'));
    expect(loggedOut).toBe(true);
  });

  test('a support page of this site is an in-site link', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, supportUrl: '/support' });
    server.use(answer(endpoints.preEntry.get, DECLINED));
    renderPage();
    const support = await screen.findByRole('link', { name: /サポート窓口へのお問い合わせ/ });
    expect(support).toHaveAttribute('href', '/support');
    expect(support).not.toHaveAttribute('target');
  });

  test('without a supportUrl, a mail to the operator; without that either, a plain sentence', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, operator: { email: 'support@tsumugi.example.jp' } });
    server.use(answer(endpoints.preEntry.get, DECLINED));
    const { unmount } = renderPage();
    expect(await screen.findByRole('link', { name: /サポート窓口へのお問い合わせ/ })).toHaveAttribute(
      'href',
      'mailto:support@tsumugi.example.jp',
    );
    unmount();
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    renderPage();
    expect(await screen.findByText('サポート窓口の連絡先は、サービスの公開前に掲載します。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /サポート窓口/ })).toBeNull();
  });

  test('accepted: on to the profile', async () => {
    authStore.setState({ status: 'lackOfUserData', hasSatisfiedProfile: false });
    server.use(answer(endpoints.preEntry.get, { outcome: 'accepted', reasons: [], answered_at: '2026-11-21T10:00:00+09:00' }));
    renderPage();
    expect(await screen.findByText('ご回答ありがとうございました。次は基本情報の登録です。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '基本情報を登録する' })).toHaveAttribute('href', '/register/profile');
  });

  test('accepted with the profile already done: on to /mypage', async () => {
    authStore.setState({ status: 'login', hasSatisfiedProfile: true });
    server.use(answer(endpoints.preEntry.get, { outcome: 'accepted', reasons: [], answered_at: '2026-11-21T10:00:00+09:00' }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'マイページへ' })).toHaveAttribute('href', '/mypage');
  });

  test('unanswered: a link to the questionnaire', async () => {
    server.use(answer(endpoints.preEntry.get, { outcome: 'unanswered', reasons: [], answered_at: null }));
    renderPage();
    expect(await screen.findByRole('link', { name: '事前確認に回答する' })).toHaveAttribute('href', '/register/pre_entry');
  });

  test('a failed load says so and can be retried', async () => {
    server.use(offline(endpoints.preEntry.get));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('通信できませんでした');
    server.use(answer(endpoints.preEntry.get, DECLINED));
    await userEvent.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    expect(await screen.findByRole('list', { name: 'お取り扱いできない理由' })).toBeInTheDocument();
  });
});
