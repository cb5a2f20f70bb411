import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { ENTRY_LIFE_MESSAGES } from '@app/contracts';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { installMswServer, server } from '../../testing/server';
import { allEntries, renderAt, startBackend } from './testing';

installMswServer();
afterEach(cleanup);

const timeline = () => screen.findByRole('list', { name: '審査の状況' });

/** Each step as a person hears it: label and state, e.g. 「審査中（現在の状況）」. */
async function stepsRead(): Promise<string[]> {
  const list = await timeline();
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.el-step__label')?.textContent ?? '');
}

const currentStep = async () => (await timeline()).querySelector('[aria-current="step"]')?.textContent ?? '';

describe('/entry/detail/{entryId}: the status as a timeline', () => {
  test.each([
    [
      'under review',
      21,
      [
        'お申し込み（完了）',
        '審査中（現在の状況）',
        '審査完了（これから）',
        'ご契約（これから）',
        'お振込み（これから）',
        '終了（これから）',
      ],
    ],
    [
      'inadequate: the resubmission branch',
      22,
      [
        'お申し込み（完了）',
        '審査中（完了）',
        '書類の不備あり（現在の状況）',
        '再提出（これから）',
        '審査完了（これから）',
        'ご契約（これから）',
        'お振込み（これから）',
        '終了（これから）',
      ],
    ],
    [
      'reviewed',
      23,
      ['お申し込み（完了）', '審査中（完了）', '審査完了（現在の状況）', 'ご契約（これから）', 'お振込み（これから）', '終了（これから）'],
    ],
    [
      'contracted',
      24,
      ['お申し込み（完了）', '審査中（完了）', '審査完了（完了）', 'ご契約（現在の状況）', 'お振込み（これから）', '終了（これから）'],
    ],
    [
      'transferred',
      25,
      ['お申し込み（完了）', '審査中（完了）', '審査完了（完了）', 'ご契約（完了）', 'お振込み（現在の状況）', '終了（これから）'],
    ],
    ['cancelled while under review', 26, ['お申し込み（完了）', '審査中（完了）', '終了（現在の状況）']],
    ['rejected', 27, ['お申し込み（完了）', '審査中（完了）', '終了（現在の状況）']],
  ])('%s', async (_name, id, expected) => {
    startBackend({ entries: allEntries() });
    renderAt(`/entry/detail/${id}`);
    expect(await stepsRead()).toEqual(expected);
    expect(await currentStep()).toContain('現在の状況');
  });

  test('times are shown in Japan time', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/24');
    const list = await timeline();
    const texts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain('2026年11月2日 10:00');
    expect(texts[2]).toContain('2026年11月5日 15:30');
    expect(texts[3]).toContain('2026年11月6日 09:15');
  });

  test('how an archived entry ended is said in words', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/26');
    expect(await currentStep()).toContain('お申し込みを取り消しました');
    cleanup();
    renderAt('/entry/detail/27');
    expect(await currentStep()).toContain('今回はお見送り');
  });
});

describe('/entry/detail/{entryId}: the entry, its claims and the next action', () => {
  test('the entry code and each claim with face amount, payment date and status', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/22');
    expect(await screen.findByText('E-000022')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'お申し込み内容' })).toBeInTheDocument();
    const claim = screen.getByRole('article', { name: '株式会社サンプル商事' });
    expect(within(claim).getByText('1,100,000円')).toBeInTheDocument();
    expect(within(claim).getByText('2026年12月31日')).toBeInTheDocument();
    expect(within(claim).getByText('書類の不備あり')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '有限会社みなと物産' })).getByText('審査中')).toBeInTheDocument();
  });

  test('inadequate: what is inadequate, for which claim, why, and the way to resubmit', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/22');
    const list = await screen.findByRole('list', { name: '不備のある書類' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.el-issue__title')?.textContent)).toEqual([
      '請求書（株式会社サンプル商事）',
      '入出金明細',
    ]);
    expect(items[0]).toHaveTextContent('請求書の金額と支払期日が読み取れません。');
    expect(items[1]).toHaveTextContent('直近1か月分の入出金明細が不足しています。');
    expect(screen.getByRole('link', { name: '書類を再提出する' })).toHaveAttribute('href', '/entry/resubmit/22');
    expect(screen.queryByRole('link', { name: '買取条件を確認して契約する' })).not.toBeInTheDocument();
  });

  test('reviewed: the purchase figures of each priced claim, the deadline and the way to sign', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/23');
    const link = await screen.findByRole('link', { name: '買取条件を確認して契約する' });
    expect(link).toHaveAttribute('href', '/entry/contract/23');
    expect(screen.getByText('2026年11月30日（月）')).toBeInTheDocument();
    const claim = screen.getByRole('article', { name: '株式会社サンプル商事' });
    // 1,100,000 × 90% = 990,000; fee 5% = 49,500; bank charge 660 → 939,840.
    for (const figure of ['90%', '990,000円', '49,500円', '660円', '939,840円'])
      expect(within(claim).getByText(figure)).toBeInTheDocument();
    // A claim that cannot be bought shows no purchase figures.
    const notBought = screen.getByRole('article', { name: '合同会社やまびこ' });
    expect(within(notBought).getByText('買取不可')).toBeInTheDocument();
    expect(within(notBought).queryByText('お振込み額')).not.toBeInTheDocument();
  });

  test('contracted: the contract PDF can be downloaded and the entry can no longer be cancelled', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/24');
    const pdf = await screen.findByRole('link', { name: '契約書（PDF）をダウンロード' });
    expect(pdf).toHaveAttribute('href', '/api/entries/24/contract/document/');
    expect(screen.queryByRole('button', { name: 'お申し込みを取り消す' })).not.toBeInTheDocument();
    // ご契約者: the party the contract names (the approval's), not the profile as it stands (株式会社ツムギ商事).
    const party = screen.getByRole('region', { name: 'ご契約者' });
    expect(
      within(party)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['株式会社ヤマダ商事', '山田 一郎', '〒150-0002 東京都 渋谷区渋谷 2-21-1 ヤマダビル5F']);
  });

  test('under review: nothing to do, and no contract PDF yet', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/21');
    expect(await screen.findByText(/いまお手続きいただくことはありません/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '契約書（PDF）をダウンロード' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'お申し込みを取り消す' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ご契約者' })).not.toBeInTheDocument();
  });

  test('an unknown entry, or another applicant’s (the API answers 404), shows the 404 page', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'お探しのページが見つかりません' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'お申し込み内容' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^ページが見つかりません/));
  });
});

test('a server failure says so in Japanese with a retry, which loads the entry', async () => {
  startBackend({ entries: allEntries() });
  let failures = 1;
  server.use(
    http.get('/api/entries/:id/', () => {
      if (failures-- > 0) return HttpResponse.json({ detail: 'サーバーでエラーが発生しました。' }, { status: 503 });
      return undefined;
    }),
  );
  const user = userEvent.setup();
  renderAt('/entry/detail/21');
  expect(await screen.findByRole('alert')).toHaveTextContent('サーバーでエラーが発生しました。');
  await user.click(screen.getByRole('button', { name: '再読み込み' }));
  expect(await screen.findByRole('list', { name: '審査の状況' })).toBeInTheDocument();
});

describe('/entry/detail/{entryId}: cancel', () => {
  test.each([
    ['under review', 21],
    ['inadequate', 22],
    ['reviewed', 23],
  ])('%s: confirm in a dialog → POST cancel → /entry/cancel/complete', async (_name, id) => {
    const backend = startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt(`/entry/detail/${id}`);
    const open = await screen.findByRole('button', { name: 'お申し込みを取り消す' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'お申し込みを取り消しますか？' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Focus goes to the safe choice; Escape closes and gives focus back to the opener.
    expect(within(dialog).getByRole('button', { name: '戻る' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(backend.state.entries.find((e) => e.id === id)?.status).not.toBe(ENTRY_STATUS.archived);

    await user.click(open);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取り消す' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お申し込みを取り消しました' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/cancel/complete');
    const cancelled = backend.state.entries.find((e) => e.id === id);
    expect(cancelled?.status).toBe(ENTRY_STATUS.archived);
    expect(cancelled?.cancelled_at).not.toBeNull();
    expect(screen.getByRole('link', { name: 'マイページへ' })).toHaveAttribute('href', '/mypage');
  });

  test('Tab stays inside the dialog', async () => {
    startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt('/entry/detail/21');
    await user.click(await screen.findByRole('button', { name: 'お申し込みを取り消す' }));
    const dialog = await screen.findByRole('dialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: '取り消す' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: '戻る' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: '取り消す' })).toHaveFocus();
  });

  test('a refused cancel (the entry moved on meanwhile) shows the API’s message in the dialog', async () => {
    const backend = startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt('/entry/detail/23');
    await user.click(await screen.findByRole('button', { name: 'お申し込みを取り消す' }));
    backend.state.entries = backend.state.entries.map((e) => (e.id === 23 ? { ...e, status: ENTRY_STATUS.contracted } : e));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取り消す' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent(ENTRY_LIFE_MESSAGES.notAllowed('ご契約済み', '取り消し'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/entry/detail/23'));
  });
});

describe('/entry/detail/{entryId}: changing the payout account of an offered entry', () => {
  test('the same fields as the wizard and the password again; a wrong password is shown at its field; then the payout waits for our check', async () => {
    const backend = startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt('/entry/detail/23');
    const payout = await screen.findByRole('region', { name: 'お振込み先' });
    expect(
      within(payout)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['みずほ銀行', '渋谷支店', '普通', '****567（下3桁のみ表示）', 'カ）ヤマダショウジ']);
    await user.click(within(payout).getByRole('button', { name: '振込先口座を変更する' }));
    const form = within(payout).getByRole('form', { name: '振込先口座の変更' });
    // Nothing typed: every field says what it needs, nothing is sent.
    await user.click(within(form).getByRole('button', { name: '振込先口座を変更する' }));
    expect(within(form).getByLabelText(/^パスワード/)).toHaveAccessibleDescription(/パスワードを入力してください。/);
    expect(within(form).getByLabelText(/^口座番号/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByRole('combobox', { name: /金融機関名/ }), 'りそな銀行');
    await user.type(within(form).getByLabelText(/^支店名/), '新宿支店');
    await user.click(within(form).getByRole('radio', { name: '当座' }));
    await user.type(within(form).getByLabelText(/^口座番号/), '７６５４３２１');
    await user.type(within(form).getByLabelText(/^口座名義/), 'ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ');
    await user.type(within(form).getByLabelText(/^パスワード/), 'not-my-password');
    await user.click(within(form).getByRole('button', { name: '振込先口座を変更する' }));
    expect(await within(form).findByText('パスワードが正しくありません。もう一度入力してください。')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^口座番号/)).toHaveValue('7654321');
    expect(within(form).getByLabelText(/^口座名義/)).toHaveValue('カ）ヤマダショウジ');

    await user.clear(within(form).getByLabelText(/^パスワード/));
    await user.type(within(form).getByLabelText(/^パスワード/), 'tsumugi-mock-1');
    await user.click(within(form).getByRole('button', { name: '振込先口座を変更する' }));
    expect(await within(payout).findByRole('status')).toHaveTextContent(/振込先口座を変更しました。振込先口座の変更を確認しています。/);
    expect(
      within(payout)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['りそな銀行', '新宿支店', '当座', '****321（下3桁のみ表示）', 'カ）ヤマダショウジ']);
    expect(backend.state.entries.find((e) => e.id === 23)).toMatchObject({
      bank_account: 'りそな銀行 新宿支店 当座 7654321 カ）ヤマダショウジ',
      payout_hold_previous_bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダショウジ',
    });
  });

  test('not offered for an entry under review', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/detail/21');
    const payout = await screen.findByRole('region', { name: 'お振込み先' });
    expect(within(payout).queryByRole('button', { name: '振込先口座を変更する' })).not.toBeInTheDocument();
  });
});
