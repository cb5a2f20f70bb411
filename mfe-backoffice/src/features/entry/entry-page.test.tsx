import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PAYOUT_CHANGE_MESSAGES, STAFF_DECISION_MESSAGES, endpoints } from '@app/contracts';
import { CLAIM_STATUS, ENTRY_STATUS, REVIEW_STATUS } from '@app/contracts/domain';
import { claimFixture, entryFixture, failure, staffApplicantFixture, staffEntryDetailFixture } from '@app/mocks';
import { installMswServer, server } from '../../testing/server';
import { mockStaff, renderBackoffice } from '../../testing/render';

installMswServer();

// PDF.js draws on a canvas, which jsdom has not: the viewer's PDF part stands in (pdf-pages.tsx, tested in Chromium by e2e/tests/pdf-viewer.spec.ts).
vi.mock('./components/pdf-pages', () => ({
  PdfPages: ({ name }: { name: string }) => <p data-testid="pdf-pages">{name}</p>,
}));

const ENTRY_ID = entryFixture().id;
const PATH = `/backoffice/entries/${ENTRY_ID}`;
const heading = () => screen.findByRole('heading', { level: 1, name: `申し込み ${entryFixture().code}` });
const claimForm = () => screen.getByRole('form', { name: '買取条件（株式会社サンプル商事）' });

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:mock');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('/backoffice/entries/:id', () => {
  test('the pricing form shows principal, fee and purchase amount live, before saving, and saving keeps them', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const form = claimForm();
    expect(within(form).getByRole('button', { name: '買取可として保存' })).toBeDisabled();
    await user.type(within(form).getByLabelText('掛目'), '0.8');
    await user.type(within(form).getByLabelText('手数料率'), '0.05');
    await user.type(within(form).getByLabelText('振込手数料（円）'), '660');
    // 1,100,000 × 0.8 = 880,000; × 0.05 = 44,000; 880,000 − 44,000 − 660 = 835,340.
    const figures = within(form).getByText('買取金額（お振込み額）').closest('dl')!;
    expect(figures).toHaveTextContent('買取元本880,000円');
    expect(figures).toHaveTextContent('手数料44,000円');
    expect(figures).toHaveTextContent('振込手数料660円');
    expect(figures).toHaveTextContent('買取金額（お振込み額）835,340円');
    expect(backend.state.review[0]!.entry.claims[0]!.status).toBe(CLAIM_STATUS.under_review);

    await user.click(within(form).getByRole('button', { name: '買取可として保存' }));
    await waitFor(() => expect(backend.state.review[0]!.entry.claims[0]!.purchase_amount).toBe('835340.00'));
    expect(await screen.findByText(/条件の設定/)).toBeInTheDocument();
    expect(screen.getByText(/^審査 一郎（/)).toBeInTheDocument();
  });

  test('a document decided by someone else since the page loaded: the decision is refused and says so, nothing overwritten', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    // Meanwhile another reviewer confirms the bank statements (the page still shows 確認中).
    const item = backend.state.review[0]!;
    backend.state.review[0] = {
      ...item,
      entry: { ...item.entry, account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed },
    };
    const group = screen.getByRole('group', { name: '入出金明細' });
    await user.type(within(group).getByRole('textbox'), '3か月分そろっていません。');
    await user.click(within(group).getByRole('button', { name: '不備にする' }));
    expect(await within(group).findByText(STAFF_DECISION_MESSAGES.documentChangedUnknown('確認済'))).toBeInTheDocument();
    expect(backend.state.review[0].entry.account_activity_statement_confirmation_status).toBe(REVIEW_STATUS.confirmed);
    expect(backend.state.review[0].entry.inadequate_documents).toEqual([]);
    // The page reads the entry again in place: the group says 確認済, the reason typed is still there.
    expect(await within(group).findByText('確認済', { selector: '.bo-badge' })).toBeInTheDocument();
    expect(within(group).getByRole('textbox')).toHaveValue('3か月分そろっていません。');
    expect(within(group).getByText(STAFF_DECISION_MESSAGES.documentChangedUnknown('確認済'))).toBeInTheDocument();
  });

  test('担当: take the entry, let it go; taking one someone took meanwhile is refused, naming them', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const box = screen.getByRole('region', { name: '担当' });
    expect(box).toHaveTextContent('担当者はいません。');
    await user.click(within(box).getByRole('button', { name: '担当する' }));
    expect(await within(box).findByText(/^あなた（/)).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: '担当を外す' }));
    expect(await within(box).findByText('担当者はいません。')).toBeInTheDocument();

    // Another staff member has it now (after this page loaded): taking it is refused, naming them.
    const item = backend.state.review[0]!;
    backend.state.review[0] = { ...item, assignee: { staff_id: 99, staff_name: '別所 三郎', at: '2026-11-28T10:00:00+09:00' } };
    await user.click(within(box).getByRole('button', { name: '担当する' }));
    expect(await within(box).findByText(STAFF_DECISION_MESSAGES.assigneeChanged('別所 三郎', '先ほど'))).toBeInTheDocument();
    expect(backend.state.review[0].assignee?.staff_name).toBe('別所 三郎');
    // The page reads the entry again: it names the holder and offers the takeover, the refusal still shown.
    expect(await within(box).findByText('別所 三郎さん（2026/11/28 10:00から）')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: '引き継ぐ' })).toBeInTheDocument();
    expect(within(box).getByText(STAFF_DECISION_MESSAGES.assigneeChanged('別所 三郎', '先ほど'))).toBeInTheDocument();
  });

  test('担当 taken by someone else while the tab was hidden: the page shows it when the tab is shown again', async () => {
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const box = screen.getByRole('region', { name: '担当' });
    expect(box).toHaveTextContent('担当者はいません。');
    const item = backend.state.review[0]!;
    backend.state.review[0] = { ...item, assignee: { staff_id: 99, staff_name: '別所 三郎', at: '2026-11-28T10:00:00+09:00' } };
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await within(box).findByText('別所 三郎さん（2026/11/28 10:00から）')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: '引き継ぐ' })).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: '担当する' })).toBeNull();
  });

  test('担当: someone else’s entry is taken over only after a dialog that names them', async () => {
    const user = userEvent.setup();
    const held = staffEntryDetailFixture({ assignee: { staff_id: 99, staff_name: '別所 三郎', at: '2026-11-28T10:00:00+09:00' } });
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [held] });
    await heading();
    const box = screen.getByRole('region', { name: '担当' });
    expect(box).toHaveTextContent('別所 三郎さん（2026/11/28 10:00から）');
    expect(within(box).queryByRole('button', { name: '担当を外す' })).toBeNull();
    await user.click(within(box).getByRole('button', { name: '引き継ぐ' }));
    const dialog = await screen.findByRole('dialog', { name: '担当を引き継ぎますか？' });
    expect(dialog).toHaveTextContent('別所 三郎さんが担当しています');
    await user.click(within(dialog).getByRole('button', { name: '引き継ぐ' }));
    await waitFor(() => expect(backend.state.review[0]!.assignee?.staff_name).toBe(mockStaff('reviewer').name));
    expect(await within(box).findByText(/^あなた（/)).toBeInTheDocument();
  });

  test('terms out of bounds are named at their field and cannot be saved', async () => {
    const user = userEvent.setup();
    renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const form = claimForm();
    await user.type(within(form).getByLabelText('掛目'), '1.5');
    expect(within(form).getByText(STAFF_DECISION_MESSAGES.purchaseRatio)).toBeInTheDocument();
    expect(within(form).getByLabelText('掛目')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: '買取可として保存' })).toBeDisabled();
  });

  test('approval is offered to an approver, but disabled with the reason when they priced a claim', async () => {
    const approver = mockStaff('approver');
    const priced = staffEntryDetailFixture({
      entry: entryFixture({ claims: [claimFixture({ status: CLAIM_STATUS.can_buy })] }),
      pricing: [{ claim_id: 31, priced_by: { staff_id: approver.id, staff_name: approver.name, at: '2026-11-20T01:00:00Z' } }],
    });
    renderBackoffice(PATH, { staff: approver, review: [priced] });
    await heading();
    const approve = screen.getByRole('button', { name: '承認して申込者に提示する' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'あなたが買取条件を設定した請求書があるため、承認できません。別の承認者が確認してください。',
    );
  });

  test.each([
    [{ identity_confirmation: REVIEW_STATUS.inadequate, identity_valid_date: '2099-12-31' }, STAFF_DECISION_MESSAGES.identity.unconfirmed],
    [{ identity_confirmation: REVIEW_STATUS.confirming, identity_valid_date: null }, STAFF_DECISION_MESSAGES.identity.unconfirmed],
    [{ identity_confirmation: REVIEW_STATUS.confirmed, identity_valid_date: '2001-01-01' }, STAFF_DECISION_MESSAGES.identity.expired],
  ])('approval is disabled with the reason while the identity cannot bind a contract (%j)', async (identity, reason) => {
    const reviewer = mockStaff('reviewer');
    const priced = staffEntryDetailFixture({
      entry: entryFixture({ claims: [claimFixture({ status: CLAIM_STATUS.can_buy })] }),
      pricing: [{ claim_id: 31, priced_by: { staff_id: reviewer.id, staff_name: reviewer.name, at: '2026-11-20T01:00:00Z' } }],
      applicant: staffApplicantFixture(identity),
    });
    renderBackoffice(PATH, { staff: mockStaff('approver'), review: [priced] });
    await heading();
    const approve = screen.getByRole('button', { name: '承認して申込者に提示する' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(reason);
  });

  test('another approver approves after confirming, with the contract period a week from today by default', async () => {
    const user = userEvent.setup();
    const reviewer = mockStaff('reviewer');
    const priced = staffEntryDetailFixture({
      entry: entryFixture({
        account_activity_statement_confirmation_status: REVIEW_STATUS.confirmed,
        financial_statement_confirmation_status: REVIEW_STATUS.confirmed,
        claims: [
          claimFixture({
            status: CLAIM_STATUS.can_buy,
            purchase_ratio: '0.8',
            purchase_fee_ratio: '0.05',
            purchase_principal_amount: '880000',
            purchase_fee: '44000',
            bank_charge: '660',
            purchase_amount: '835340',
          }),
          claimFixture({ id: 32, code: 'C-000032', obliger_company_name: '有限会社テスト', status: CLAIM_STATUS.cannot_buy }),
        ],
      }),
      pricing: [{ claim_id: 31, priced_by: { staff_id: reviewer.id, staff_name: reviewer.name, at: '2026-11-20T01:00:00Z' } }],
      applicant: staffApplicantFixture({ identity_confirmation: REVIEW_STATUS.confirmed, identity_valid_date: '2099-12-31' }),
    });
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('approver'), review: [priced] });
    await heading();
    const period = screen.getByLabelText('契約期限（この日まで署名できます）');
    const expected = new Date(Date.parse(`${(period as HTMLInputElement).min}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(period).toHaveValue(expected);
    await user.click(screen.getByRole('button', { name: '承認して申込者に提示する' }));
    const dialog = await screen.findByRole('dialog', { name: '買取条件を承認しますか？' });
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    // What is approved, claim by claim, as saved, and the total to be paid.
    const [bought, notBought] = within(dialog).getAllByRole('listitem');
    expect(within(bought!).getByText('請求書1：株式会社サンプル商事')).toBeInTheDocument();
    expect(
      within(bought!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['額面（税込）', '手数料', '振込手数料', '買取額']);
    expect(
      within(bought!)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['1,100,000円', '44,000円', '660円', '835,340円']);
    expect(notBought).toHaveTextContent('請求書2：有限会社テスト買取不可（買い取りません）');
    expect(within(dialog).getByText('お振込み額の合計').nextElementSibling).toHaveTextContent('835,340円');
    expect(within(dialog).getByText('契約期限').nextElementSibling).toHaveTextContent(
      `${Number(expected.slice(0, 4))}年${Number(expected.slice(5, 7))}月${Number(expected.slice(8))}日`,
    );
    await user.click(within(dialog).getByRole('button', { name: '承認する' }));
    await waitFor(() => expect(backend.state.review[0]!.entry.status).toBe(ENTRY_STATUS.reviewed));
    expect(backend.state.review[0]!.entry.contract_period).toBe(expected);
    expect(await screen.findByText('審査完了・ご契約手続き待ち', { selector: '.bo-badge' })).toBeInTheDocument();
  });

  test('approval waits until every claim is decided (the domain’s canApproveEntry), saying so', async () => {
    renderBackoffice(PATH, { staff: mockStaff('admin') });
    await heading();
    const approve = screen.getByRole('button', { name: '承認して申込者に提示する' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('すべての請求書の買取可否を決め、買取できる請求書が1件以上あるときに承認できます。');
  });

  test('お断り needs a reason first, then asks before sending it', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    await user.click(screen.getByRole('button', { name: 'お断りする' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/お断りの理由/)).toHaveAccessibleDescription('お断りの理由を入力してください。');
    await user.type(screen.getByLabelText(/お断りの理由/), '与信基準を満たしません。');
    await user.click(screen.getByRole('button', { name: 'お断りする' }));
    const dialog = await screen.findByRole('dialog', { name: 'この申し込みをお断りしますか？' });
    // The dialog repeats the reason that will be recorded.
    expect(dialog).toHaveTextContent('理由：与信基準を満たしません。');
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(backend.state.review[0]!.entry.status).toBe(ENTRY_STATUS.under_review);
    await user.click(screen.getByRole('button', { name: 'お断りする' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'お断りする' }));
    await waitFor(() => expect(backend.state.review[0]!.entry.status).toBe(ENTRY_STATUS.archived));
  });

  const openOffer = () =>
    staffEntryDetailFixture({
      entry: entryFixture({
        status: ENTRY_STATUS.reviewed,
        contract_period: '2099-12-31',
        claims: [claimFixture({ status: CLAIM_STATUS.can_buy })],
      }),
    });

  test('終了 of an offer still open: a reviewer is told only an approver may end it', async () => {
    renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [openOffer()] });
    await heading();
    const refused = screen.getByRole('button', { name: '終了する' });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription(STAFF_DECISION_MESSAGES.archiveOpenOffer);
  });

  test('終了 of an offer still open: an approver gives a reason (required), then confirms', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('approver'), review: [openOffer()] });
    await heading();
    await user.click(screen.getByRole('button', { name: '終了する' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/終了の理由/)).toHaveAccessibleDescription('終了の理由を入力してください。');
    await user.type(screen.getByLabelText(/終了の理由/), '売掛先の信用状況が変わったため。');
    await user.click(screen.getByRole('button', { name: '終了する' }));
    const dialog = await screen.findByRole('dialog', { name: '契約期限前のご提案を終了しますか？' });
    expect(dialog).toHaveTextContent('理由：売掛先の信用状況が変わったため。');
    await user.click(within(dialog).getByRole('button', { name: '終了する' }));
    await waitFor(() => expect(backend.state.review[0]!.entry.status).toBe(ENTRY_STATUS.archived));
  });

  test('the server’s 403 on approval (someone else’s view of who priced) is shown at the approval', async () => {
    const user = userEvent.setup();
    const ready = staffEntryDetailFixture({
      entry: entryFixture({ claims: [claimFixture({ status: CLAIM_STATUS.can_buy })] }),
      applicant: staffApplicantFixture({ identity_confirmation: REVIEW_STATUS.confirmed, identity_valid_date: '2099-12-31' }),
    });
    renderBackoffice(PATH, { staff: mockStaff('approver'), review: [ready] });
    server.use(failure(endpoints.staff.entries.approve, 'forbidden', { detail: STAFF_DECISION_MESSAGES.samePerson }));
    await heading();
    await user.click(screen.getByRole('button', { name: '承認して申込者に提示する' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '承認する' }));
    const control = screen.getByRole('button', { name: '承認して申込者に提示する' }).closest('.bo-decision') as HTMLElement;
    expect(await within(control).findByRole('alert')).toHaveTextContent(STAFF_DECISION_MESSAGES.samePerson);
  });

  test('after the transfer a claim can be marked delayed or returned, after confirming', async () => {
    const user = userEvent.setup();
    const transferred = staffEntryDetailFixture({
      entry: entryFixture({ status: ENTRY_STATUS.transferred, claims: [claimFixture({ status: CLAIM_STATUS.transferred })] }),
    });
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [transferred] });
    await heading();
    expect(screen.getByRole('button', { name: '終了する' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '支払遅延にする' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'この請求書を支払遅延にしますか？' })).getByRole('button', {
        name: '支払遅延にする',
      }),
    );
    await waitFor(() => expect(backend.state.review[0]!.entry.claims[0]!.status).toBe(CLAIM_STATUS.delay));
    // From delay only return is left (the claim transition table).
    await waitFor(() => expect(screen.queryByRole('button', { name: '支払遅延にする' })).toBeNull());
    await user.click(screen.getByRole('button', { name: '回収済みにする' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '回収済みにする' }));
    await waitFor(() => expect(backend.state.review[0]!.entry.claims[0]!.status).toBe(CLAIM_STATUS.returned));
  });

  test('a reviewer is not offered the approval', async () => {
    renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    expect(screen.queryByRole('button', { name: '承認して申込者に提示する' })).toBeNull();
    expect(screen.getByText('買取条件の承認は承認者・管理者が行います。')).toBeInTheDocument();
  });

  test('the server’s 409 is shown verbatim next to the control that caused it', async () => {
    const user = userEvent.setup();
    renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const button = screen.getByRole('button', { name: '不備として差し戻す' });
    await user.click(button);
    const control = button.closest('.bo-decision') as HTMLElement;
    expect(await within(control).findByRole('alert')).toHaveTextContent(STAFF_DECISION_MESSAGES.noInadequateDocument);
  });

  test('only the moves of the transition table are offered: a contracted entry can be marked transferred', async () => {
    const contracted = staffEntryDetailFixture({ entry: entryFixture({ status: ENTRY_STATUS.contracted, has_contract_document: true }) });
    renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [contracted] });
    await heading();
    expect(screen.getByRole('button', { name: '入金済みにする' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '不備として差し戻す' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'お断りする' })).toBeNull();
    expect(screen.queryByRole('form', { name: /買取条件/ })).toBeNull();
    expect(screen.getByRole('link', { name: '署名済みの契約書（PDF）をダウンロード' })).toHaveAttribute(
      'href',
      `/api/staff/entries/${ENTRY_ID}/contract/document/`,
    );
  });

  test('the payout account: masked on the entry (the whole number on request) and beside the amount in the 入金 dialog', async () => {
    const user = userEvent.setup();
    const contracted = staffEntryDetailFixture({
      entry: entryFixture({
        status: ENTRY_STATUS.contracted,
        bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ツムギシヨウジ',
        claims: [claimFixture({ status: CLAIM_STATUS.contracted, purchase_amount: '835340' })],
      }),
    });
    renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [contracted] });
    await heading();
    const payout = screen.getByRole('region', { name: '振込先口座' });
    const values = () =>
      within(payout)
        .getAllByRole('definition')
        .map((dd) => dd.textContent);
    expect(values()).toEqual(['みずほ銀行', '渋谷支店', '普通', '****567（下3桁のみ表示）', 'カ）ツムギシヨウジ']);
    await user.click(within(payout).getByRole('button', { name: '口座番号をすべて表示' }));
    expect(values()).toContain('1234567');
    await user.click(screen.getByRole('button', { name: '入金済みにする' }));
    const dialog = await screen.findByRole('dialog', { name: '買取金額の入金を記録しますか？' });
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['835,340円', 'みずほ銀行', '渋谷支店', '普通', '****567（下3桁のみ表示）', 'カ）ツムギシヨウジ']);
  });

  test('a payout account changed after the offer: a banner with both accounts, 入金 disabled until 変更後の口座を確認した', async () => {
    const user = userEvent.setup();
    const held = staffEntryDetailFixture({
      entry: entryFixture({
        status: ENTRY_STATUS.contracted,
        bank_account: 'りそな銀行 新宿支店 当座 7654321 カ）ツムギシヨウジ',
        payout_hold_at: '2026-11-05T10:00:00+09:00',
        payout_hold_previous_bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ツムギシヨウジ',
        claims: [claimFixture({ status: CLAIM_STATUS.contracted, purchase_amount: '835340' })],
      }),
    });
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [held] });
    await heading();
    const banner = screen.getByTestId('bo-payout-hold');
    expect(banner).toHaveTextContent('入金保留中');
    expect(banner).toHaveTextContent('変更前：みずほ銀行 渋谷支店 普通 ****567 カ）ツムギシヨウジ');
    expect(banner).toHaveTextContent('変更後：りそな銀行 新宿支店 当座 ****321 カ）ツムギシヨウジ');
    const transfer = screen.getByRole('button', { name: '入金済みにする' });
    expect(transfer).toBeDisabled();
    expect(transfer).toHaveAccessibleDescription(PAYOUT_CHANGE_MESSAGES.onHold);
    await user.click(within(banner).getByRole('button', { name: '変更後の口座を確認した' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '変更後の振込先口座を確認しましたか？' })).getByRole('button', { name: '確認した' }),
    );
    await waitFor(() => expect(screen.queryByTestId('bo-payout-hold')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '入金済みにする' })).toBeEnabled();
    expect(backend.state.review[0]!.entry.payout_hold_at).toBeNull();
  });

  test('a document group found inadequate keeps its reason; then the entry can be sent back', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const invoice = screen.getByRole('group', { name: '請求書（請求書1：株式会社サンプル商事）' });
    await user.type(within(invoice).getByLabelText(/不備の理由/), '請求書の金額が読み取れません。');
    await user.click(within(invoice).getByRole('button', { name: '不備にする' }));
    expect(await within(invoice).findByText('不備の理由：請求書の金額が読み取れません。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '不備として差し戻す' }));
    await waitFor(() => expect(backend.state.review[0]!.entry.status).toBe(ENTRY_STATUS.inadequate));
  });

  test('documents open in the page: a PDF drawn by PDF.js (no frame), an identity photo as an image, each downloaded under the server’s name', async () => {
    const user = userEvent.setup();
    renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    await user.click(screen.getByRole('button', { name: '請求書.pdfを表示' }));
    expect(await screen.findByTestId('pdf-pages')).toHaveTextContent('請求書.pdf');
    await user.click(screen.getByRole('button', { name: '表面：運転免許証（表）.jpgを表示' }));
    expect(await screen.findByRole('img', { name: '表面：運転免許証（表）.jpg' })).toHaveAttribute('src', 'blob:mock');
    expect(document.querySelector('iframe, embed, object')).toBeNull();
    // The name of the server's Content-Disposition (the type's extension), not the label shown.
    expect(screen.getAllByRole('link', { name: 'ダウンロード' }).map((link) => link.getAttribute('download'))).toEqual([
      '運転免許証（表）.jpg',
      '請求書.pdf',
    ]);
  });

  test('the identity is decided while 確認中: an empty valid date gets the contract’s message at its field', async () => {
    const user = userEvent.setup();
    const { backend } = renderBackoffice(PATH, { staff: mockStaff('reviewer') });
    await heading();
    const form = screen.getByRole('form', { name: '本人確認の判定' });
    await user.click(within(form).getByRole('button', { name: '本人確認の判定を保存' }));
    expect(await within(form).findByText('この項目は必須です。')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('不備'));
    await user.type(within(form).getByLabelText(/不備の理由/), '写真が不鮮明です。');
    await user.click(within(form).getByRole('button', { name: '本人確認の判定を保存' }));
    await waitFor(() => expect(backend.state.review[0]!.applicant.identity_confirmation).toBe(REVIEW_STATUS.inadequate));
    expect(screen.queryByRole('form', { name: '本人確認の判定' })).toBeNull();
  });

  test('the history reads in words; only an admin may open the stored record', async () => {
    const history = [
      {
        id: 9,
        occurred_at: '2026-11-20T01:02:00Z',
        actor: 'staff:2',
        actor_name: '審査 一郎',
        event: 'entry.document_reviewed',
        subject_type: 'entry',
        subject_id: String(ENTRY_ID),
        before: { confirmation_status: 1, reason: null },
        after: { confirmation_status: 3, reason: null },
        data: { group: 'invoice', claim_id: 31 },
      },
    ];
    renderBackoffice(PATH, { staff: mockStaff('reviewer'), review: [staffEntryDetailFixture({ history })] });
    await heading();
    const panel = screen.getByRole('region', { name: '履歴（監査ログ）' });
    expect(panel).toHaveTextContent('書類の判定：請求書1 株式会社サンプル商事宛の請求書');
    expect(panel).toHaveTextContent('判定 確認中 → 確認済');
    expect(within(panel).queryByText(/記録の詳細/)).toBeNull();
    cleanup();
    renderBackoffice(PATH, { staff: mockStaff('admin'), review: [staffEntryDetailFixture({ history })] });
    await heading();
    expect(within(screen.getByRole('region', { name: '履歴（監査ログ）' })).getByText('記録の詳細（管理者のみ）')).toBeInTheDocument();
  });

  test('an entry that does not exist says so', async () => {
    renderBackoffice('/backoffice/entries/999', { staff: mockStaff('reviewer') });
    expect(await screen.findByRole('heading', { level: 1, name: '申し込みが見つかりません' })).toBeInTheDocument();
  });
});
