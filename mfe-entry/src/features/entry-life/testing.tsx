import { configure, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll } from 'vitest';
import { RouteView } from '@app/shared';
import type { Claim, Entry } from '@app/contracts';
import { CLAIM_STATUS, ENTRY_STATUS, REVIEW_STATUS, calculatePurchase } from '@app/contracts/domain';
import { claimFixture, contractPartyFixture, createMockBackend, entryFixture, initialMockState, type MockState } from '@app/mocks';
import { pages } from '../../app/pages';
import { server } from '../../testing/server';

/**
 * Test helpers of an entry's pages (test code only): the mock backend of @app/shared behind MSW, a
 * logged-in applicant, entries in each status, and the remote's own route view (guards, layouts,
 * lazy pages) in a memory router, so a test goes from page to page as a person does.
 */
// The first page of a test file loads its lazy chunk cold (transform included): load the pages
// before the tests, and give finds more than 1 s on a busy machine.
configure({ asyncUtilTimeout: 4000 });
beforeAll(async () => {
  await Promise.all([
    import('./detail-page'),
    import('./resubmit-page'),
    import('./contract-page'),
    import('./agreement-page'),
    import('./complete-pages'),
    import('@app/shared/upload'),
  ]);
}, 60_000);

import { applicant, signIn } from '../../testing/applicant';

export { applicant, signIn };

export function startBackend(state: Partial<MockState> = {}) {
  const me = applicant();
  const backend = createMockBackend(initialMockState({ me, ...state }));
  server.use(...backend.handlers);
  signIn(me);
  return backend;
}

/** A claim priced by the reviewer: the figures from the domain, as the API stores them. */
export function pricedClaim(
  over: Partial<Claim> & { amount: string; purchase_ratio: string; purchase_fee_ratio: string; bank_charge: string },
): Claim {
  const terms = {
    amount: over.amount,
    purchase_ratio: over.purchase_ratio,
    purchase_fee_ratio: over.purchase_fee_ratio,
    bank_charge: over.bank_charge,
  };
  return claimFixture({
    status: CLAIM_STATUS.can_buy,
    invoice_confirmation_status: REVIEW_STATUS.confirmed,
    ...over,
    ...calculatePurchase(terms),
  });
}

const CREATED = '2026-11-02T01:00:00Z'; // 2026年11月2日 10:00 in Japan

/** The entry `from` moved on to `status`, as entry `id` (its code `E-0000{id}`), with the timestamps of the move. */
const movedOn = (from: Entry, id: number, status: Entry['status'], stamps: Partial<Entry>): Entry => ({
  ...from,
  id,
  code: `E-${String(id).padStart(6, '0')}`,
  status,
  ...stamps,
});

/** Entries in each status (ids 21–27), with the timestamps the API sets on the way. */
export const entries = {
  underReview: (): Entry => entryFixture({ id: 21, code: 'E-000021', created_at: CREATED }),
  inadequate: (): Entry =>
    entryFixture({
      id: 22,
      code: 'E-000022',
      created_at: CREATED,
      status: ENTRY_STATUS.inadequate,
      account_activity_statement_confirmation_status: REVIEW_STATUS.inadequate,
      financial_statement_confirmation_status: REVIEW_STATUS.confirmed,
      addfiles: [
        { id: 801, kind: 'withdrawals_detail-1', name: '明細.pdf' },
        { id: 802, kind: 'pl', name: '損益計算書.pdf' },
      ],
      claims: [
        claimFixture({
          id: 31,
          obliger_company_name: '株式会社サンプル商事',
          status: CLAIM_STATUS.inadequate,
          invoice_confirmation_status: REVIEW_STATUS.inadequate,
          contentfiles: [{ id: 901, kind: 'invoice-31', name: '請求書.pdf' }],
        }),
        claimFixture({
          id: 32,
          code: 'C-000032',
          obliger_company_name: '有限会社みなと物産',
          amount: '550000',
          contentfiles: [{ id: 902, kind: 'invoice-32', name: '請求書2.pdf' }],
        }),
      ],
      inadequate_documents: [
        { group: 'invoice', claim_id: 31, reason: '請求書の金額と支払期日が読み取れません。鮮明な画像をお送りください。' },
        { group: 'withdrawals_detail', claim_id: null, reason: '直近1か月分の入出金明細が不足しています。' },
      ],
      description_of_inadequate_document: '請求書の金額と支払期日が読み取れません。\n直近1か月分の入出金明細が不足しています。',
    }),
  reviewed: (): Entry =>
    entryFixture({
      id: 23,
      code: 'E-000023',
      created_at: CREATED,
      status: ENTRY_STATUS.reviewed,
      reviewed_at: '2026-11-05T06:30:00Z',
      contract_period: '2026-11-30',
      bank_account: 'みずほ銀行 渋谷支店 普通 1234567 カ）ヤマダショウジ',
      // The party the approval fixed: not the live profile (株式会社ツムギ商事, 山田 太郎, 千代田区).
      contract_party: contractPartyFixture({
        company_name: '株式会社ヤマダ商事',
        last_name: '山田',
        first_name: '一郎',
        address: { zipcode: '1500002', prefecture: '東京都', city: '渋谷区渋谷', building_number: '2-21-1 ヤマダビル5F' },
      }),
      claims: [
        pricedClaim({ id: 31, amount: '1100000', purchase_ratio: '0.9', purchase_fee_ratio: '0.05', bank_charge: '660' }),
        pricedClaim({
          id: 32,
          code: 'C-000032',
          obliger_company_name: '有限会社みなと物産',
          amount: '550000',
          purchase_ratio: '0.8',
          purchase_fee_ratio: '0.035',
          bank_charge: '660',
        }),
        claimFixture({ id: 33, code: 'C-000033', obliger_company_name: '合同会社やまびこ', status: CLAIM_STATUS.cannot_buy }),
      ],
    }),
  contracted: (): Entry =>
    movedOn(entries.reviewed(), 24, ENTRY_STATUS.contracted, { contracted_at: '2026-11-06T00:15:00Z', has_contract_document: true }),
  transferred: (): Entry => movedOn(entries.contracted(), 25, ENTRY_STATUS.transferred, { transferred_at: '2026-11-07T02:00:00Z' }),
  cancelled: (): Entry =>
    entryFixture({ id: 26, code: 'E-000026', created_at: CREATED, status: ENTRY_STATUS.archived, cancelled_at: '2026-11-03T03:00:00Z' }),
  rejected: (): Entry =>
    entryFixture({ id: 27, code: 'E-000027', created_at: CREATED, status: ENTRY_STATUS.archived, rejected_at: '2026-11-04T05:00:00Z' }),
};

export const allEntries = (): Entry[] => Object.values(entries).map((make) => make());

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The remote as the browser has it at `path`: route view, guards, layout, page. */
export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RouteView remote="entry" pages={pages} />
      <Where />
    </MemoryRouter>,
  );
}
