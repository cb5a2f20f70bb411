import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { authStore } from '@app/shared';
import { MESSAGES, YEN_INPUT_MESSAGES } from '@app/contracts/domain';
import { http, HttpResponse } from 'msw';
import { installMswServer, server } from '../../testing/server';
import { CONFLICT_MESSAGES } from './components/conflict-notice';
import { CHECK_MESSAGES } from './model/checks';
import { wizard } from './model/wizard-store';
import { LOGGED_OUT, completeClaim, draftOf, newTab, renderWizard, startBackend, uploadOf } from './testing';

installMswServer();
// Registered after the MSW server's hooks, so it runs before them: the pages leave (and save) while the handlers are there.
afterEach(async () => {
  cleanup();
  await wizard().flush();
  wizard().dispose();
  authStore.setState(LOGGED_OUT, true);
});

const claimSection = (n: number) => screen.getByRole('region', { name: `請求書 ${n}` });
const saved = () => screen.findByText(/^保存済み/, {}, { timeout: 3000 });

describe('/entry/entry_invoice', () => {
  test('a first visit starts with one claim; the amounts understand 1,000,000 / １０００００ / 100万 and are saved as whole yen', async () => {
    const backend = startBackend();
    renderWizard('/entry/entry_invoice');
    const claim = await screen.findByRole('region', { name: '請求書 1' });
    const face = within(claim).getByLabelText(/^請求書の額面（税込）/);
    await userEvent.type(face, '100万');
    await userEvent.tab();
    expect(face).toHaveValue('1,000,000');
    const scheduled = within(claim).getByLabelText(/^売掛先からの銀行振込金額/);
    await userEvent.type(scheduled, '９９９３４０');
    await userEvent.tab();
    expect(scheduled).toHaveValue('999,340');
    const desired = screen.getByLabelText(/^買取希望額/);
    await userEvent.type(desired, '800,000');
    await userEvent.tab();
    expect(desired).toHaveValue('800,000');
    expect(desired).toHaveAccessibleDescription(/請求書の額面の合計は 1,000,000円 です。/);
    await saved();
    expect(backend.state.draft.data).toMatchObject({
      purchase_amount_desired: '800000',
      claims: [{ key: '1', amount: '1000000', scheduled_deposit_amount_from_obliger: '999340' }],
    });
  });

  test('an amount that cannot be read says why when the field is left, and keeps the text', async () => {
    startBackend();
    renderWizard('/entry/entry_invoice');
    const face = within(await screen.findByRole('region', { name: '請求書 1' })).getByLabelText(/^請求書の額面（税込）/);
    await userEvent.type(face, '百万円');
    await userEvent.tab();
    expect(face).toHaveValue('百万円');
    expect(face).toHaveAccessibleDescription(new RegExp(YEN_INPUT_MESSAGES.invalid.replace(/[()（）]/g, '.')));
    expect(face).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(face);
    await userEvent.type(face, '1.5');
    await userEvent.tab();
    expect(face).toHaveAccessibleDescription(new RegExp(YEN_INPUT_MESSAGES.fraction));
  });

  test('the §5 warning when the scheduled deposit is above the face (a warning, not an error)', async () => {
    startBackend();
    renderWizard('/entry/entry_invoice');
    const claim = await screen.findByRole('region', { name: '請求書 1' });
    await userEvent.type(within(claim).getByLabelText(/^請求書の額面（税込）/), '1000000');
    const scheduled = within(claim).getByLabelText(/^売掛先からの銀行振込金額/);
    await userEvent.type(scheduled, '1000001');
    expect(within(claim).getByText(MESSAGES.scheduledDepositOverFace)).toBeInTheDocument();
    expect(scheduled).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(scheduled);
    await userEvent.type(scheduled, '1000000');
    expect(within(claim).queryByText(MESSAGES.scheduledDepositOverFace)).not.toBeInTheDocument();
  });

  test('adding claims up to 5 (each new one announced by its heading); a 6th shows the 599 page, and nothing is lost', async () => {
    startBackend();
    renderWizard('/entry/entry_invoice');
    await screen.findByRole('region', { name: '請求書 1' });
    const add = screen.getByRole('button', { name: '＋ 請求書を追加する' });
    for (const n of [2, 3, 4, 5]) {
      await userEvent.click(add);
      await waitFor(() => expect(screen.getByRole('heading', { name: `請求書 ${n}` })).toHaveFocus());
    }
    await userEvent.type(within(claimSection(5)).getByLabelText(/^請求書の額面（税込）/), '5000');
    await userEvent.click(screen.getByRole('button', { name: '＋ 請求書を追加する' }));
    const page = await screen.findByRole('heading', { name: '登録できる上限を超えています' });
    expect(page.closest('[data-error-status]')).toHaveAttribute('data-error-status', '599');
    expect(screen.getByText(MESSAGES.tooManyClaims)).toBeInTheDocument();
    expect(screen.getByText('エラーコード 599')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登録中の請求書に戻る' }));
    expect(await screen.findAllByRole('region', { name: /^請求書 \d$/ })).toHaveLength(5);
    expect(within(claimSection(5)).getByLabelText(/^請求書の額面（税込）/)).toHaveValue('5,000');
  });

  test('removing a claim asks first, then drops it and its files', async () => {
    const backend = startBackend(undefined, {
      draft: draftOf({ claims: [completeClaim('1'), { ...completeClaim('2'), obliger_company_name: '二番目商事' }] }),
      uploads: [uploadOf(501, 'invoice'), uploadOf(502, 'invoice')],
    });
    renderWizard('/entry/entry_invoice');
    await userEvent.click(await screen.findByRole('button', { name: '請求書 2 を削除' }));
    const confirm = screen.getByRole('group', { name: '請求書 2 の削除の確認' });
    expect(within(confirm).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(screen.queryByRole('region', { name: '請求書 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '＋ 請求書を追加する' })).toHaveFocus();
    await saved();
    expect(backend.state.draft.data.claims.map((c) => c.key)).toEqual(['1']);
    expect(backend.state.uploads.map((u) => u.upload.id)).toEqual([501]);
  });

  test('autosave: 「保存中…」 then 「保存済み」, one save for a burst of typing, with the version', async () => {
    const backend = startBackend();
    const puts: number[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') puts.push(Date.now());
    });
    renderWizard('/entry/entry_invoice');
    const purpose = await screen.findByLabelText(/^資金の使い道/);
    await saved(); // the first claim of a first visit
    const before = puts.length;
    await userEvent.type(purpose, '仕入れ代金の支払い');
    expect(screen.getByText('保存中…')).toBeInTheDocument();
    await saved();
    expect(puts.length - before).toBe(1);
    expect(backend.state.draft.data.purpose).toBe('仕入れ代金の支払い');
    server.events.removeAllListeners();
  });

  test('a reload (a new tab) shows everything typed: the draft is on the server', async () => {
    startBackend();
    const first = renderWizard('/entry/entry_invoice');
    const claim = await screen.findByRole('region', { name: '請求書 1' });
    await userEvent.type(within(claim).getByLabelText(/^売掛先（請求先）の会社名/, { selector: 'input' }), '株式会社リロード');
    await userEvent.type(screen.getByLabelText(/^資金の使い道/), '給与');
    await saved();
    first.unmount();
    act(() => newTab());
    renderWizard('/entry/entry_invoice');
    expect(
      within(await screen.findByRole('region', { name: '請求書 1' })).getByLabelText(/^売掛先（請求先）の会社名/, { selector: 'input' }),
    ).toHaveValue('株式会社リロード');
    expect(screen.getByLabelText(/^資金の使い道/)).toHaveValue('給与');
  });

  test('409: another tab saved first — nothing is overwritten, the typing stays, the applicant chooses', async () => {
    const backend = startBackend(undefined, { draft: draftOf({ claims: [completeClaim('1')], purpose: '最初' }, 3) });
    renderWizard('/entry/entry_invoice');
    const purpose = await screen.findByLabelText(/^資金の使い道/);
    backend.state.draft = draftOf({ claims: [completeClaim('1')], purpose: 'ほかのタブの内容' }, 4);
    await userEvent.clear(purpose);
    await userEvent.type(purpose, 'この画面の内容');
    const notice = await screen.findByTestId('draft-conflict', {}, { timeout: 3000 });
    expect(notice).toHaveTextContent(CONFLICT_MESSAGES.title);
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['資金の使い道']);
    expect(screen.getByText('自動保存を止めています')).toBeInTheDocument();
    expect(purpose).toHaveValue('この画面の内容');
    expect(backend.state.draft.data.purpose).toBe('ほかのタブの内容');
    await userEvent.click(within(notice).getByRole('button', { name: '保存された内容を読み込む' }));
    await waitFor(() => expect(screen.getByLabelText(/^資金の使い道/)).toHaveValue('ほかのタブの内容'));
    expect(screen.queryByTestId('draft-conflict')).not.toBeInTheDocument();
  });

  test('offline: 「保存できませんでした」 with 再試行, and the save goes through when it works again', async () => {
    const backend = startBackend();
    renderWizard('/entry/entry_invoice');
    await saved();
    // The connection drops for one request.
    server.use(http.put('*/api/entries/draft/', () => HttpResponse.error(), { once: true }));
    await userEvent.type(screen.getByLabelText(/^資金の使い道/), '運転資金');
    expect(await screen.findByText(/保存できませんでした（オフライン）/, {}, { timeout: 3000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '再試行' }));
    await saved();
    expect(backend.state.draft.data.purpose).toBe('運転資金');
  });

  test('「次へ」 checks the step first: errors by field, listed with links, focus on the first', async () => {
    startBackend();
    renderWizard('/entry/entry_invoice');
    await screen.findByRole('region', { name: '請求書 1' });
    await userEvent.click(screen.getByRole('button', { name: '次へ進む（決算書）' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(MESSAGES.checkFieldErrors);
    expect(within(summary).getByRole('link', { name: /請求書 1：売掛先の会社名 — 入力してください。/ })).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: new RegExp(`請求書 1：確定債権の確認 — ${CHECK_MESSAGES.fixedDebt}`) }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^売掛先（請求先）の会社名/, { selector: 'input' })).toHaveFocus());
    await userEvent.click(within(summary).getByRole('link', { name: /買取希望額/ }));
    expect(screen.getByLabelText(/^買取希望額/)).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/entry_invoice');
  });

  test('a complete step goes on to the financial statements', async () => {
    startBackend(undefined, { draft: draftOf({ claims: [completeClaim('1')], purchase_amount_desired: '500000', purpose: '仕入れ' }) });
    renderWizard('/entry/entry_invoice');
    await userEvent.click(await screen.findByRole('button', { name: '次へ進む（決算書）' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/entry$/));
    expect(await screen.findByRole('heading', { level: 1, name: '決算書の提出' })).toBeInTheDocument();
  });
});
