import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LOGGED_OUT, authStore } from '@app/shared';
import { PRE_ENTRY_QUESTIONS, screenPreEntry } from '@app/contracts/domain';
import { PRE_ENTRY_API_MESSAGES, endpoints, type PreEntryResult } from '@app/contracts';
import { answer, failure, meFixture, mock, suppressEntriesFixture } from '@app/mocks';
import { server, installMswServer } from '../../testing/server';
import PreEntryPage from './pre-entry-page';
import PreEntryResultPage from './pre-entry-result-page';

installMswServer();

const UNANSWERED: PreEntryResult = { outcome: 'unanswered', reasons: [], answered_at: null };
const ACCEPTED: PreEntryResult = { outcome: 'accepted', reasons: [], answered_at: '2026-11-21T10:00:00+09:00' };
const ACCEPTING = {
  obliger_type: 'corporation',
  fixed_debt: 'yes',
  bank_transfer: 'yes',
  payment_due: 'within_60_days',
  invoice_amount: 'from_100k_to_10m',
  tax_arrears: 'none',
} as const;

beforeEach(() => {
  window.sessionStorage.clear();
  authStore.setState({ ...LOGGED_OUT, status: 'lackOfUserData', userId: 7, me: meFixture({ has_satisfied_profile: false }) });
});
afterEach(() => authStore.setState(LOGGED_OUT, true));

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/register/pre_entry']}>
      <Routes>
        <Route path="/register/pre_entry" element={<PreEntryPage />} />
        <Route path="/pre_entry/result" element={<PreEntryResultPage />} />
        <Route path="/register/profile" element={<h1>基本情報の登録</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

const question = (id: string) => {
  const text = PRE_ENTRY_QUESTIONS.find((q) => q.id === id)!.text;
  return screen.getByRole('group', { name: new RegExp(text) });
};

/** Chooses `choiceId` of question `questionId`, by the labels a person reads. */
async function choose(questionId: string, choiceId: string) {
  const q = PRE_ENTRY_QUESTIONS.find((x) => x.id === questionId)!;
  const label = (q.choices as readonly { id: string; label: string }[]).find((c) => c.id === choiceId)!.label;
  await userEvent.click(within(question(questionId)).getByRole('radio', { name: label }));
}

async function answerAll(answers: Record<string, string>) {
  for (const [questionId, choiceId] of Object.entries(answers)) await choose(questionId, choiceId);
}

const submitButton = () => screen.getByRole('button', { name: '回答を送信する' });

describe('PreEntryPage', () => {
  test('says why we ask, that it takes about a minute and that the answers do not decide the purchase', () => {
    server.use(answer(endpoints.preEntry.get, UNANSWERED));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'お申し込み前の確認' })).toBeInTheDocument();
    expect(screen.getByText('所要時間は約1分')).toBeInTheDocument();
    expect(screen.getByText(/ここでのご回答だけで買取が決まることはありません/)).toBeInTheDocument();
    expect(screen.getAllByRole('group')).toHaveLength(PRE_ENTRY_QUESTIONS.length);
    // The hint of a question is read with its group.
    expect(question('fixed_debt')).toHaveAccessibleDescription(/納品やサービスの提供が終わり/);
  });

  test('nothing is sent until every question is answered; each unanswered one says so and the first gets focus', async () => {
    let posted = false;
    server.use(
      answer(endpoints.preEntry.get, UNANSWERED),
      mock(endpoints.preEntry.submit, () => ((posted = true), UNANSWERED)),
    );
    renderPage();
    await choose('obliger_type', 'corporation');
    await choose('bank_transfer', 'yes');
    await userEvent.click(submitButton());

    expect(screen.getByRole('alert')).toHaveTextContent('エラーのある項目をご確認ください');
    expect(screen.getAllByText('いずれか1つをお選びください。')).toHaveLength(PRE_ENTRY_QUESTIONS.length - 2);
    expect(question('fixed_debt')).toHaveAccessibleDescription(/いずれか1つをお選びください。/);
    expect(question('obliger_type')).not.toHaveAccessibleDescription(/いずれか/);
    expect(within(question('fixed_debt')).getByRole('radio', { name: 'はい' })).toHaveFocus();
    expect(posted).toBe(false);

    // Answering a question clears its error only.
    await choose('fixed_debt', 'yes');
    expect(screen.getAllByText('いずれか1つをお選びください。')).toHaveLength(PRE_ENTRY_QUESTIONS.length - 3);
  });

  test('accepted: the answers are sent as {question: choice} and the profile step follows', async () => {
    let body: unknown;
    server.use(
      answer(endpoints.preEntry.get, UNANSWERED),
      mock(endpoints.preEntry.submit, (call) => {
        body = call.body;
        return ACCEPTED;
      }),
    );
    renderPage();
    await answerAll(ACCEPTING);
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/register/profile'));
    expect(body).toEqual(ACCEPTING);
    expect(window.sessionStorage.length).toBe(0);
  });

  test('declined: the auth store learns the new status and the result page explains every reason', async () => {
    const declining = { ...ACCEPTING, obliger_type: 'individual', tax_arrears: 'unresolved' };
    const verdict = screenPreEntry(declining);
    if (verdict.outcome !== 'declined') throw new Error('the fixture must decline');
    const declined: PreEntryResult = {
      outcome: 'declined',
      reasons: verdict.reasons.map((r) => ({ question_id: r.questionId, reason: r.reason, alternative: r.alternative })),
      answered_at: '2026-11-21T10:00:00+09:00',
    };
    let answered = false;
    server.use(
      mock(endpoints.preEntry.get, () => (answered ? declined : UNANSWERED)),
      mock(endpoints.preEntry.submit, () => ((answered = true), declined)),
      answer(endpoints.me.get, meFixture({ has_pre_entry_declined: true, has_satisfied_profile: false })),
      answer(endpoints.systemSettings.suppressEntries, suppressEntriesFixture()),
    );
    renderPage();
    await answerAll(declining);
    await userEvent.click(submitButton());

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pre_entry/result'));
    await waitFor(() => expect(authStore.getState().status).toBe('preEntryDeclined'));
    expect(await screen.findByText('誠に恐れ入りますが、今回はお申し込みをお受けすることができません。')).toBeInTheDocument();
    const reasons = within(screen.getByRole('list', { name: 'お取り扱いできない理由' })).getAllByRole('listitem');
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toHaveTextContent(verdict.reasons[0]!.reason);
    expect(reasons[0]).toHaveTextContent(verdict.reasons[0]!.alternative);
    expect(reasons[1]).toHaveTextContent(verdict.reasons[1]!.reason);
    // The default config publishes no support contact: said plainly, no link.
    expect(screen.getByText('サポート窓口の連絡先は、サービスの公開前に掲載します。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
  });

  test('already answered (409), e.g. in another tab meanwhile: straight to the result page', async () => {
    let answered = false;
    server.use(
      mock(endpoints.preEntry.get, () => (answered ? ACCEPTED : UNANSWERED)),
      failure(endpoints.preEntry.submit, 'conflict', { detail: PRE_ENTRY_API_MESSAGES.alreadyAnswered }),
      answer(endpoints.me.get, meFixture({ has_satisfied_profile: false })),
      answer(endpoints.systemSettings.suppressEntries, suppressEntriesFixture()),
    );
    renderPage();
    await answerAll(ACCEPTING);
    answered = true;
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pre_entry/result'));
    expect(await screen.findByText('ご回答ありがとうございました。次は基本情報の登録です。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '基本情報を登録する' })).toHaveAttribute('href', '/register/profile');
    expect(window.sessionStorage.length).toBe(0);
  });

  test('a server rejection goes beside its question and keeps every answer', async () => {
    server.use(
      answer(endpoints.preEntry.get, UNANSWERED),
      failure(endpoints.preEntry.submit, 'validation', { payment_due: ['表示されている選択肢からお選びください。'] }),
    );
    renderPage();
    await answerAll(ACCEPTING);
    await userEvent.click(submitButton());
    await waitFor(() => expect(question('payment_due')).toHaveAccessibleDescription(/表示されている選択肢からお選びください。/));
    expect(screen.getByRole('alert')).toHaveTextContent('エラーのある項目をご確認ください');
    // Focus moves in an effect after the errors render.
    await waitFor(() => expect(within(question('payment_due')).getByRole('radio', { name: '60日以内' })).toHaveFocus());
    expect(within(question('obliger_type')).getByRole('radio', { name: /^法人/ })).toBeChecked();
  });

  test('answers not sent yet survive a reload of the tab', async () => {
    server.use(answer(endpoints.preEntry.get, UNANSWERED));
    const first = renderPage();
    await choose('obliger_type', 'corporation');
    await choose('payment_due', 'within_120_days');
    first.unmount();

    renderPage();
    expect(within(question('obliger_type')).getByRole('radio', { name: /^法人/ })).toBeChecked();
    expect(within(question('payment_due')).getByRole('radio', { name: '61〜120日' })).toBeChecked();
    expect(screen.getByText('6問中2問に回答済みです。')).toBeInTheDocument();
  });

  test('someone who has answered already is taken to the result', async () => {
    server.use(answer(endpoints.preEntry.get, ACCEPTED));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pre_entry/result'));
  });
});
