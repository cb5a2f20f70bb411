import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { authStore } from '@app/shared';
import { REVIEW_STATUS } from '@app/contracts/domain';
import { installMswServer } from '../../testing/server';
import { CHECK_MESSAGES } from './model/checks';
import { wizard } from './model/wizard-store';
import { LOGGED_OUT, applicant, completeInvoiceStep, draftOf, renderWizard, startBackend, uploadOf } from './testing';

installMswServer();
afterEach(async () => {
  cleanup();
  await wizard().flush();
  wizard().dispose();
  authStore.setState(LOGGED_OUT, true);
});

/** The labels of the upload fields shown. */
const fileFields = () =>
  [...document.querySelectorAll('.upload-field > .field__label')].map((label) => label.textContent?.replace('必須', '') ?? '');

describe('/entry (financial statements)', () => {
  test('a corporation: yes → the four statements; no SG&A breakdown → three; no → the trial balance pair', async () => {
    const backend = startBackend(undefined, { draft: draftOf(completeInvoiceStep()) });
    renderWizard('/entry');
    expect(await screen.findByRole('heading', { level: 1, name: '決算書の提出' })).toBeInTheDocument();
    // The wizard's heading comes first; the step's form once the draft has loaded (a skeleton until then).
    const choice = await screen.findByRole('group', { name: /決算書を提出できますか/ });
    expect(fileFields()).toEqual([]);
    await userEvent.click(within(choice).getByRole('radio', { name: /^提出できる/ }));
    expect(fileFields()).toEqual(['損益計算書', '貸借対照表', '勘定科目内訳明細書', '販売費及び一般管理費内訳書']);
    await userEvent.click(screen.getByRole('checkbox', { name: /販売費及び一般管理費内訳書がない/ }));
    expect(fileFields()).toEqual(['損益計算書', '貸借対照表', '勘定科目内訳明細書']);
    await userEvent.click(within(choice).getByRole('radio', { name: /^提出できない/ }));
    expect(fileFields()).toEqual(['試算表（損益計算書）', '試算表（貸借対照表）']);
    await screen.findByText(/^保存済み/, {}, { timeout: 3000 });
    expect(backend.state.draft.data).toMatchObject({ can_submit_financial_statements: false, no_sga_expenses: true });
  });

  test('an individual: yes → how the tax return was filed → 確定申告書; no → 開業届', async () => {
    startBackend(applicant({ corporate_division: 'individual' }), { draft: draftOf(completeInvoiceStep()) });
    renderWizard('/entry');
    expect(await screen.findByRole('heading', { level: 1, name: '確定申告書の提出' })).toBeInTheDocument();
    const choice = await screen.findByRole('group', { name: /確定申告書を提出できますか/ });
    await userEvent.click(within(choice).getByRole('radio', { name: /^提出できる/ }));
    expect(fileFields()).toEqual([]);
    const method = screen.getByRole('group', { name: /確定申告の方法/ });
    await userEvent.click(within(method).getByRole('radio', { name: /^e-Tax/ }));
    expect(fileFields()).toEqual(['確定申告書']);
    expect(screen.getByText(/e-Taxの受信通知を含む/)).toBeInTheDocument();
    await userEvent.click(within(choice).getByRole('radio', { name: /^提出できない/ }));
    expect(fileFields()).toEqual(['開業届']);
    expect(screen.queryByRole('group', { name: /確定申告の方法/ })).not.toBeInTheDocument();
  });

  test('「次へ」 names what is missing: the choice, then each file of the type', async () => {
    startBackend(undefined, {
      draft: draftOf({
        ...completeInvoiceStep(),
        can_submit_financial_statements: true,
        financial_statement_files: [{ id: 801, kind: 'pl', name: 'pl.pdf' }],
      }),
      uploads: [uploadOf(801, 'pl')],
    });
    renderWizard('/entry');
    await userEvent.click(await screen.findByRole('button', { name: '次へ進む（入出金明細）' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `貸借対照表 — ${CHECK_MESSAGES.upload('貸借対照表')}`,
      `勘定科目内訳明細書 — ${CHECK_MESSAGES.upload('勘定科目内訳明細書')}`,
      `販売費及び一般管理費内訳書 — ${CHECK_MESSAGES.upload('販売費及び一般管理費内訳書')}`,
    ]);
    // The uploaded file is shown from the draft (reload-proof), with its name from GET /api/uploads/.
    expect(screen.getByText('pl.pdf')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/entry$/);
  });

  test('statements already with us (確認中): the step is done, nothing asked', async () => {
    startBackend(applicant({ financial_statements_status: REVIEW_STATUS.confirming }), { draft: draftOf(completeInvoiceStep()) });
    renderWizard('/entry');
    expect(await screen.findByText(/決算書はすでにお預かりしています（確認中）/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /決算書を提出できますか/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '次へ進む（入出金明細）' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/entry/withdrawal_details'));
  });

  test('a first visit to /entry (the link of /mypage) starts at the invoices, without a word about unfinished steps', async () => {
    startBackend();
    renderWizard('/entry');
    expect(await screen.findByRole('region', { name: '請求書 1' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/entry_invoice');
    expect(screen.queryByText(/まだ済んでいないステップがあるため/)).not.toBeInTheDocument();
  });

  test('the entry-step guard: a deep link past an unfinished invoice step lands on the invoice step, saying why', async () => {
    startBackend(undefined, { draft: draftOf({ purpose: '途中まで' }, 2) });
    renderWizard('/entry/withdrawal_details');
    expect(await screen.findByRole('heading', { level: 1, name: '請求書の登録' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/entry_invoice');
    expect(await screen.findByText('まだ済んでいないステップがあるため、「請求書」から続けてください。')).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'お申し込みの手順' });
    expect(within(steps).queryByRole('link')).not.toBeInTheDocument();
    expect(within(steps).getByText('請求書').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  test('the step indicator: done steps are marked and every step that can be opened is a link', async () => {
    startBackend(applicant({ financial_statements_status: REVIEW_STATUS.confirmed }), { draft: draftOf(completeInvoiceStep()) });
    renderWizard('/entry');
    const steps = await screen.findByRole('navigation', { name: 'お申し込みの手順' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓請求書（完了）', '✓決算書（表示中）', '3入出金明細（未完了）', '✓登録情報（完了）', '5申し込み（未完了）']);
    expect(
      within(steps)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/entry/entry_invoice',
      '/entry/withdrawal_details',
      '/entry/withdrawal_details#wizard-profile',
      '/entry/withdrawal_details#wizard-submit',
    ]);
  });
});
