import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { ENTRY_LIFE_MESSAGES } from '@app/contracts';
import { ENTRY_STATUS } from '@app/contracts/domain';
import { installMswServer } from '../../testing/server';
import { contractPartyFixture } from '@app/mocks';
import { allEntries, entries, renderAt, startBackend } from './testing';

installMswServer();
afterEach(cleanup);

/** The `<dt>` → `<dd>` pairs of a region's facts list. */
function factsOf(region: HTMLElement): Record<string, string> {
  const terms = within(region).getAllByRole('term');
  const definitions = within(region).getAllByRole('definition');
  return Object.fromEntries(terms.map((term, index) => [term.textContent ?? '', definitions[index]?.textContent ?? '']));
}

/** The rows of a figures table as `header → value`. */
function rowsOf(table: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        (within(row).getByRole('rowheader').firstChild?.textContent ?? '').trim(),
        within(row).getByRole('cell').textContent ?? '',
      ]),
  );
}

describe('/entry/contract/{entryId}', () => {
  test('the full breakdown per claim and in total, before signing', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/contract/23');
    // 1,100,000 × 0.9 = 990,000; × 5% = 49,500; − 660 → 939,840.
    expect(rowsOf(await screen.findByRole('table', { name: /株式会社サンプル商事/ }))).toEqual({
      '請求書額面（税込）': '1,100,000円',
      掛目: '90%',
      買取元本: '990,000円',
      手数料率: '5%',
      手数料: '−49,500円',
      振込手数料: '−660円',
      お振込み額: '939,840円',
    });
    // 550,000 × 0.8 = 440,000; × 3.5% = 15,400; − 660 → 423,940.
    expect(rowsOf(screen.getByRole('table', { name: /有限会社みなと物産/ }))).toEqual({
      '請求書額面（税込）': '550,000円',
      掛目: '80%',
      買取元本: '440,000円',
      手数料率: '3.5%',
      手数料: '−15,400円',
      振込手数料: '−660円',
      お振込み額: '423,940円',
    });
    expect(rowsOf(screen.getByRole('table', { name: '合計（2件）' }))).toEqual({
      '請求書額面（税込）の合計': '1,650,000円',
      買取元本の合計: '1,430,000円',
      手数料の合計: '−64,900円',
      振込手数料の合計: '−1,320円',
      お振込み額の合計: '1,363,780円',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'ご契約手続き' })).toBeInTheDocument();
    // The claim that cannot be bought is not in the breakdown, and says so.
    expect(screen.queryByRole('table', { name: /合同会社やまびこ/ })).not.toBeInTheDocument();
    expect(screen.getByText('合同会社やまびこ（買取不可）')).toBeInTheDocument();
    // The deadline, and the agreement in a new tab that says so.
    expect(screen.getByText('2026年11月30日（月）')).toBeInTheDocument();
    // お振込み先 above 契約する: bank, branch, type, the number masked except its last 3 digits, holder.
    const payout = screen.getByRole('region', { name: 'お振込み先' });
    expect(
      within(payout)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['みずほ銀行', '渋谷支店', '普通', '****567（下3桁のみ表示）', 'カ）ヤマダショウジ']);
    expect(payout.textContent).not.toContain('1234567');
    expect(
      payout.compareDocumentPosition(screen.getByRole('button', { name: '契約する' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const agreement = screen.getByRole('link', { name: '債権譲渡契約書（新しいタブで開きます）' });
    expect(agreement).toHaveAttribute('href', '/entry/23/factoring_service_agreement');
    expect(agreement).toHaveAttribute('target', '_blank');
  });

  test('ご契約者: the party the approval fixed (entry.contract_party), never the live profile, above お振込み先 and 契約する', async () => {
    // The profile as it stands names 株式会社ツムギ商事 / 山田 太郎 in 千代田区 (applicant()); the approval fixed another.
    startBackend({ entries: allEntries() });
    renderAt('/entry/contract/23');
    const party = await screen.findByRole('region', { name: 'ご契約者' });
    expect(factsOf(party)).toEqual({
      契約者: '株式会社ヤマダ商事',
      代表者: '山田 一郎',
      所在地: '〒150-0002 東京都 渋谷区渋谷 2-21-1 ヤマダビル5F',
    });
    expect(party).not.toHaveTextContent('ツムギ');
    const payout = screen.getByRole('region', { name: 'お振込み先' });
    expect(party.compareDocumentPosition(payout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('ご契約者 of an individual: the person, the trade name when there is one, the owner’s address (as the PDF)', async () => {
    const individual = {
      ...entries.reviewed(),
      contract_party: contractPartyFixture({
        corporate_division: 'individual',
        company_name: 'やまだ商店',
        last_name: '山田',
        first_name: '花子',
        address: { zipcode: '', prefecture: '大阪府', city: '大阪市北区梅田', building_number: '1-1' },
      }),
    };
    startBackend({ entries: [individual] });
    renderAt('/entry/contract/23');
    expect(factsOf(await screen.findByRole('region', { name: 'ご契約者' }))).toEqual({
      契約者: '山田 花子',
      屋号: 'やまだ商店',
      住所: '大阪府 大阪市北区梅田 1-1',
    });
  });

  test('an offer approved before the party was fixed (no contract_party): no ご契約者 section, signing as before', async () => {
    startBackend({ entries: [{ ...entries.reviewed(), contract_party: null }] });
    renderAt('/entry/contract/23');
    expect(await screen.findByRole('button', { name: '契約する' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ご契約者' })).not.toBeInTheDocument();
  });

  test('契約する needs the consent: nothing is sent without it', async () => {
    const backend = startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt('/entry/contract/23');
    await user.click(await screen.findByRole('button', { name: '契約する' }));
    expect(await screen.findByText(ENTRY_LIFE_MESSAGES.agreementRequired)).toBeInTheDocument();
    const consent = screen.getByRole('checkbox', { name: '買取条件の内訳と債権譲渡契約書の内容を確認し、同意します' });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveFocus();
    expect(backend.state.entries.find((e) => e.id === 23)?.status).toBe(ENTRY_STATUS.reviewed);
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/contract/23');
  });

  test('with the consent: POST contract → /entry/contract/complete, where the next steps are', async () => {
    const backend = startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt('/entry/contract/23');
    await user.click(await screen.findByRole('checkbox', { name: /同意します/ }));
    await user.click(screen.getByRole('button', { name: '契約する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご契約手続きが完了しました' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/contract/complete');
    const signed = backend.state.entries.find((e) => e.id === 23);
    expect(signed?.status).toBe(ENTRY_STATUS.contracted);
    expect(signed?.has_contract_document).toBe(true);
    expect(screen.getByText(/契約書（PDF）は、お申し込み内容のページから/)).toBeInTheDocument();
    expect(screen.getByTestId('payout-account-line')).toHaveTextContent('みずほ銀行 渋谷支店 普通 ****567 カ）ヤマダショウジ');
    expect(screen.getByRole('link', { name: 'お申し込み内容と契約書を見る' })).toHaveAttribute('href', '/entry/detail/23');
    expect(screen.getByRole('link', { name: 'マイページへ' })).toHaveAttribute('href', '/mypage');
  });

  test('a 409 (the offer is no longer open) is shown as the API words it, and the consent is kept', async () => {
    const backend = startBackend({ entries: allEntries() });
    const user = userEvent.setup();
    renderAt('/entry/contract/23');
    await user.click(await screen.findByRole('checkbox', { name: /同意します/ }));
    backend.state.entries = backend.state.entries.map((e) => (e.id === 23 ? { ...e, status: ENTRY_STATUS.archived } : e));
    await user.click(screen.getByRole('button', { name: '契約する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ENTRY_LIFE_MESSAGES.notAllowed('終了', 'ご契約'));
    expect(screen.getByRole('checkbox', { name: /同意します/ })).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('/entry/contract/23');
  });

  test.each([
    ['under review', 21, '審査中'],
    ['contracted', 24, 'ご契約済み'],
  ])('%s: no signing, the status and the way to the detail', async (_name, id, label) => {
    startBackend({ entries: allEntries() });
    renderAt(`/entry/contract/${id}`);
    expect(await screen.findByText(`このお申し込みは現在「${label}」のため、ご契約の手続きはできません。`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '契約する' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お申し込み内容を見る' })).toHaveAttribute('href', `/entry/detail/${id}`);
  });

  test('an unknown entry shows the 404 page', async () => {
    startBackend({ entries: allEntries() });
    renderAt('/entry/contract/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'お探しのページが見つかりません' })).toBeInTheDocument();
  });
});
