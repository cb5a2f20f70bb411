import { render } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LOGGED_OUT } from '@app/shared';
import type { DraftEntryDocument, Me } from '@app/contracts';
import type { UploadKind } from '@app/contracts/domain';
import { createMockBackend, draftFixture, initialMockState, type MockState } from '@app/mocks';
import { server } from '../../testing/server';
import { draftApi } from './api/draft-api';
import { joinBankName, newClaim, withDefaults, type WizardClaim } from './model/document';
import { configureWizard, createWizard, DEFAULT_WIZARD_DEPS } from './model/wizard-store';
import { FinancialPage, InvoicePage, WithdrawalPage } from './pages';

/**
 * Test helpers of the wizard pages (test code only): the mock backend of @app/shared behind MSW,
 * a logged-in applicant in the auth store, a fresh wizard (a new tab) with a short debounce, and
 * the wizard's routes in a memory router.
 */
export const TEST_DEBOUNCE_MS = 150;

import { applicant, signIn } from '../../testing/applicant';

export { applicant, signIn };

/** A fresh wizard, as a new tab (or a reload) has. */
export function newTab(): void {
  configureWizard(() => createWizard({ ...DEFAULT_WIZARD_DEPS, api: draftApi, debounceMs: TEST_DEBOUNCE_MS, retryDelaysMs: [200] }));
}

/**
 * The mock backend's handlers with the draft's first: its `/api/entries/:id/` pattern would
 * otherwise answer `/api/entries/draft/` with a 404 (MSW tries handlers in order).
 */
export function draftFirst(handlers: readonly HttpHandler[]): HttpHandler[] {
  const isDraft = (handler: HttpHandler) => String(handler.info.path).includes('/entries/draft/');
  return [...handlers.filter(isDraft), ...handlers.filter((handler) => !isDraft(handler))];
}

export function startBackend(me: Me = applicant(), state: Partial<MockState> = {}) {
  const backend = createMockBackend(initialMockState({ me, ...state }));
  server.use(...draftFirst(backend.handlers));
  signIn(me);
  newTab();
  return backend;
}

export const draftOf = (data: Partial<DraftEntryDocument>, version = 1) =>
  draftFixture({ version, updated_at: '2026-06-01T10:00:00+09:00', data: withDefaults({ ...draftFixture().data, ...data }) });

/** A claim that meets every rule of the invoice step (its invoice file included). */
export const completeClaim = (key = '1'): WizardClaim => ({
  ...newClaim(key),
  obliger_company_name: '株式会社サンプル商事',
  amount: '1000000',
  scheduled_deposit_amount_from_obliger: '999340',
  obliger_payment_date: '2026-12-25',
  is_fixed_debt: true,
  is_bank_transfer_from_obliger: true,
  receive_payment_account: {
    bank_name: joinBankName('みずほ', '渋谷'),
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    obliger_accounts: [{ holder_name: 'カ）サンプルシヨウジ' }],
  },
  contentfile_relations: [{ id: 500 + Number(key), kind: `invoice-${key}`, name: '請求書.pdf', content_type: 'application/pdf' }],
});

export const completeInvoiceStep = (): Partial<DraftEntryDocument> => ({
  purchase_amount_desired: '800000',
  purpose: '仕入れ代金の支払い',
  claims: [completeClaim()],
});

/** A file the mock backend holds (for `initialMockState({ uploads })`). */
export const uploadOf = (id: number, kind: UploadKind, name = `${kind}.pdf`) => ({
  upload: {
    id,
    kind,
    side: null,
    name,
    content_type: 'application/pdf',
    size: 2048,
    active: false,
    created_at: '2026-06-01T10:00:00+09:00',
  },
  bytes: new TextEncoder().encode('%PDF-1.4').buffer,
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** A payout account (振込先口座) every rule accepts: its fields as typed and the string the entry takes. */
export const completePayout = (): Pick<DraftEntryDocument, 'bank_account' | 'payout_account'> => ({
  bank_account: 'りそな 新宿 普通 1234567 カ）ツムギシヨウジ',
  payout_account: {
    bank_name: 'りそな',
    branch_name: '新宿',
    deposit_type: 'ordinary',
    bank_account_number: '1234567',
    account_holder_name: 'カ）ツムギシヨウジ',
  },
});

export function renderWizard(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/entry/entry_invoice" element={<InvoicePage />} />
        <Route path="/entry" element={<FinancialPage />} />
        <Route path="/entry/withdrawal_details" element={<WithdrawalPage />} />
        <Route path="/entry/complete" element={<p>お申し込みを受け付けました（テスト）</p>} />
        <Route path="/mypage" element={<p>マイページ（テスト）</p>} />
        <Route path="*" element={<p>ほかのページ（テスト）</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

export { LOGGED_OUT };
