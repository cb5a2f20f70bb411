import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { authStore, todayInJapan } from '@app/shared';
import { endpoints } from '@app/contracts';
import {
  addMonths,
  MESSAGES,
  NEW_ENTRY_BLOCK_MESSAGES,
  PAYOUT_ACCOUNT_MESSAGES,
  REVIEW_STATUS,
  toIsoDate,
  withdrawalsDetailStartDate,
} from '@app/contracts/domain';
import { failure, profileFixture } from '@app/mocks';
import { installMswServer, server } from '../../testing/server';
import { CHECK_MESSAGES } from './model/checks';
import { newBank } from './model/document';
import { wizard } from './model/wizard-store';
import { japaneseDate } from './steps/withdrawal-step';
import { LOGGED_OUT, applicant, completeInvoiceStep, completePayout, draftOf, renderWizard, startBackend, uploadOf } from './testing';

installMswServer();
afterEach(async () => {
  cleanup();
  await wizard().flush();
  wizard().dispose();
  authStore.setState(LOGGED_OUT, true);
});

const fileFields = (within: HTMLElement = document.body) =>
  [...within.querySelectorAll('.upload-field > .field__label')].map((label) => label.textContent?.replace('必須', '') ?? '');

/** Invoices done, financial statements with us: the withdrawals detail step is the one to do. */
const atWithdrawals = (banks = [] as ReturnType<typeof newBank>[], payout = completePayout()) =>
  draftOf({ ...completeInvoiceStep(), ...payout, banks });
const statementsWithUs = (over = {}) => applicant({ financial_statements_status: REVIEW_STATUS.confirmed, ...over });

const completeBank = () => ({
  ...newBank('7'),
  bank_name: 'みずほ',
  branch_name: '渋谷',
  bank_account_number: '7654321',
  contentfile_relations: [
    { id: 901, kind: 'passbook_cover', name: '表紙.jpg' },
    { id: 902, kind: 'passbook_details', name: '明細.pdf' },
  ],
});

describe('/entry/withdrawal_details', () => {
  test('the period of spec §4 as 「YYYY年M月D日から本日まで」: the last withdrawals date when within 4 months', async () => {
    const today = todayInJapan();
    const last = toIsoDate(addMonths(today, -1));
    startBackend(statementsWithUs({ last_withdrawals_detail_date: last }), { draft: atWithdrawals() });
    renderWizard('/entry/withdrawal_details');
    expect(await screen.findByTestId('withdrawal-period')).toHaveTextContent(
      `${japaneseDate(withdrawalsDetailStartDate(last, today))}から本日まで`,
    );
    expect(japaneseDate('2026-02-01')).toBe('2026年2月1日');
  });

  test('accounts: added (its heading focused), the files follow the format, done per account', async () => {
    const backend = startBackend(statementsWithUs(), {
      draft: atWithdrawals([completeBank()]),
      uploads: [uploadOf(901, 'passbook_cover', '表紙.jpg'), uploadOf(902, 'passbook_details', '明細.pdf')],
    });
    renderWizard('/entry/withdrawal_details');
    const first = await screen.findByRole('region', { name: '口座 1' });
    expect(within(first).getByText('準備完了')).toBeInTheDocument();
    expect(within(first).getByText('表紙.jpg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '＋ 口座を追加する' }));
    const second = await screen.findByRole('region', { name: '口座 2' });
    await waitFor(() => expect(within(second).getByRole('heading', { name: '口座 2' })).toHaveFocus());
    expect(within(second).getByText('未完了')).toBeInTheDocument();
    expect(fileFields(second)).toEqual(['通帳の表紙', '通帳の明細ページ']);
    await userEvent.click(within(second).getByRole('radio', { name: /^インターネットバンキング/ }));
    expect(fileFields(second)).toEqual(['口座情報の画面', '入出金明細']);
    const number = within(second).getByLabelText(/^口座番号/);
    await userEvent.type(number, '１２３４５６７');
    await userEvent.tab();
    expect(number).toHaveValue('1234567');
    await screen.findByText(/^保存済み/, {}, { timeout: 3000 });
    expect(backend.state.draft.data.banks).toMatchObject([{ key: '7' }, { key: '8', file_format: 'ib', bank_account_number: '1234567' }]);
  });

  test('an uploaded file goes into the draft under its bank (a reload shows it)', async () => {
    const backend = startBackend(statementsWithUs(), { draft: atWithdrawals([{ ...newBank('3'), bank_name: 'みずほ' }]) });
    renderWizard('/entry/withdrawal_details');
    const bank = await screen.findByRole('region', { name: '口座 1' });
    const cover = within(bank).getByLabelText(/^通帳の表紙/, { selector: 'input[type="file"]' });
    await userEvent.upload(cover, new File(['%PDF-1.4 表紙'], 'cover.pdf', { type: 'application/pdf' }));
    expect(await within(bank).findByText('cover.pdf のアップロードが完了しました', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(
      () => expect(backend.state.draft.data.banks[0]?.contentfile_relations).toMatchObject([{ kind: 'passbook_cover', id: 1000 }]),
      {
        timeout: 3000,
      },
    );
  });

  test('the profile step: what is missing, with the way to the profile pages', async () => {
    startBackend(statementsWithUs({ has_satisfied_profile: false, identity_confirmation: REVIEW_STATUS.nothing }), {
      draft: atWithdrawals(),
    });
    renderWizard('/entry/withdrawal_details');
    const section = await screen.findByRole('region', { name: '登録情報・本人確認' });
    expect(within(section).getByText('未完了')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '登録情報を入力する' })).toHaveAttribute('href', '/profile/before_entry');
    expect(within(section).getByRole('link', { name: '本人確認書類を提出する' })).toHaveAttribute('href', '/profile#identity');
  });

  test('submit checks everything first: errors listed with links (focus on the first), the profile step at the top; nothing sent', async () => {
    const backend = startBackend(statementsWithUs({ has_satisfied_profile: false }), {
      draft: atWithdrawals([{ ...newBank('4'), bank_name: 'みずほ', branch_name: '渋谷' }]),
    });
    renderWizard('/entry/withdrawal_details');
    await userEvent.click(await screen.findByRole('button', { name: 'この内容で申し込む' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(MESSAGES.checkFieldErrors);
    expect(summary).toHaveTextContent(CHECK_MESSAGES.profile);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `口座 1：口座番号 — ${MESSAGES.required}`,
      `口座 1：通帳の表紙 — ${CHECK_MESSAGES.upload('通帳の表紙')}`,
      `口座 1：通帳の明細ページ — ${CHECK_MESSAGES.upload('通帳の明細ページ')}`,
    ]);
    const number = within(screen.getByRole('region', { name: '口座 1' })).getByLabelText(/^口座番号/);
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAccessibleDescription(new RegExp(MESSAGES.required));
    expect(backend.state.entries).toHaveLength(0);
  });

  test("the server's 400: fields by their dotted path with 「エラーのある項目をご確認ください」, the refusal reason at the top", async () => {
    startBackend(statementsWithUs(), { draft: atWithdrawals([completeBank()]) });
    server.use(
      failure(endpoints.entries.create, 'validation', {
        'claims.0.amount': ['金額は1円単位の半角数字で入力してください。'],
        non_field_errors: [NEW_ENTRY_BLOCK_MESSAGES.entryInProgress],
      }),
    );
    renderWizard('/entry/withdrawal_details');
    await userEvent.click(await screen.findByRole('button', { name: 'この内容で申し込む' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(NEW_ENTRY_BLOCK_MESSAGES.entryInProgress);
    expect(summary).toHaveTextContent(MESSAGES.checkFieldErrors);
    await waitFor(() => expect(summary).toHaveFocus());
    await userEvent.click(
      within(summary).getByRole('link', { name: /請求書 1：請求書の額面（税込） — 金額は1円単位の半角数字で入力してください。/ }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/entry/entry_invoice'));
    const face = await screen.findByLabelText(/^請求書の額面（税込）/);
    await waitFor(() => expect(face).toHaveFocus());
    expect(face).toHaveAccessibleDescription(/金額は1円単位の半角数字で入力してください。/);
  });

  test("the server's whole-group errors show at their group: a bank's files, the profile step", async () => {
    startBackend(statementsWithUs(), { draft: atWithdrawals([completeBank()]) });
    server.use(
      failure(endpoints.entries.create, 'validation', {
        'banks.0.contentfile_relations': ['通帳の表紙・通帳の明細ページをアップロードしてください。'],
        profile: ['登録情報の入力を済ませてください。'],
      }),
    );
    renderWizard('/entry/withdrawal_details');
    await userEvent.click(await screen.findByRole('button', { name: 'この内容で申し込む' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '口座 1：ファイル — 通帳の表紙・通帳の明細ページをアップロードしてください。',
      '登録情報・本人確認 — 登録情報の入力を済ませてください。',
    ]);
    const bank = screen.getByRole('region', { name: '口座 1' });
    expect(within(bank).getAllByText('通帳の表紙・通帳の明細ページをアップロードしてください。')).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: '登録情報・本人確認' })).getByText('登録情報の入力を済ませてください。'),
    ).toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('link', { name: /登録情報・本人確認/ }));
    expect(screen.getByRole('region', { name: '登録情報・本人確認' })).toHaveFocus();
  });

  test('振込先口座: prefilled from the profile when the draft has none, saved in the draft with the account string', async () => {
    const backend = startBackend(statementsWithUs(), {
      draft: atWithdrawals([completeBank()], { bank_account: null, payout_account: null }),
      profile: profileFixture({ bank_account: 'みずほ 渋谷 当座 7654321 カ）ツムギシヨウジ' }),
    });
    renderWizard('/entry/withdrawal_details');
    const section = await screen.findByRole('region', { name: '振込先口座' });
    expect(await within(section).findByText(/^ご登録の振込先口座を入力しました。/)).toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: /^金融機関/ })).toHaveValue('みずほ');
    expect(within(section).getByRole('radio', { name: '当座' })).toBeChecked();
    expect(within(section).getByLabelText(/^口座番号/)).toHaveValue('7654321');
    const holder = within(section).getByLabelText(/^口座名義/);
    await userEvent.clear(holder);
    await userEvent.type(holder, 'ｶ)ﾍﾞﾂﾒｲｷﾞ');
    await userEvent.tab();
    expect(holder).toHaveValue('カ）ベツメイギ');
    await waitFor(() => expect(backend.state.draft.data.bank_account).toBe('みずほ 渋谷 当座 7654321 カ）ベツメイギ'), { timeout: 3000 });
    expect(backend.state.draft.data.payout_account).toMatchObject({ deposit_type: 'checking', account_holder_name: 'カ）ベツメイギ' });
  });

  test('振込先口座: nothing entered is refused before sending (振込先口座を入力してください。); a wrong number at its field', async () => {
    const backend = startBackend(statementsWithUs(), {
      draft: atWithdrawals([completeBank()], { bank_account: null, payout_account: null }),
    });
    renderWizard('/entry/withdrawal_details');
    await userEvent.click(await screen.findByRole('button', { name: 'この内容で申し込む' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([`振込先口座 — ${PAYOUT_ACCOUNT_MESSAGES.required}`]);
    const section = screen.getByRole('region', { name: '振込先口座' });
    expect(within(section).getByText(PAYOUT_ACCOUNT_MESSAGES.required)).toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText(/^口座番号/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'この内容で申し込む' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('alert'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toContain(`振込先口座：口座番号 — ${MESSAGES.bankAccountNumber}`),
    );
    expect(backend.state.entries).toHaveLength(0);
  });

  test('success: the entry is created from the draft and its version, and /entry/complete opens', async () => {
    const backend = startBackend(statementsWithUs(), { draft: atWithdrawals([completeBank()]) });
    renderWizard('/entry/withdrawal_details');
    await userEvent.click(await screen.findByRole('button', { name: 'この内容で申し込む' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/entry/complete'));
    expect(backend.state.entries).toHaveLength(1);
    expect(backend.state.entries[0]).toMatchObject({
      purpose: '仕入れ代金の支払い',
      claims: [{ obliger_company_name: '株式会社サンプル商事' }],
      bank_account: completePayout().bank_account,
    });
    expect(backend.state.draft.version).toBe(0);
  });
});
