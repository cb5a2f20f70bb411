import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import type { AnyEndpoint } from '@app/contracts/api/endpoint';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL } from '@app/contracts/api/errors';
import type { DraftSaveRequest, EntryCreateRequest } from '@app/contracts/api/draft';
import type { Entry } from '@app/contracts/api/entry';
import { PAYOUT_ACCOUNT_MESSAGES } from '@app/contracts/domain/messages';
import { PAYOUT_CHANGE_MESSAGES, type EntryBankAccountChangeRequest } from '@app/contracts/api/payout-account';
import { parseYen } from '@app/contracts/domain/money';
import { PRE_ENTRY_API_MESSAGES } from '@app/contracts/api/pre-entry';
import { screenPreEntry } from '@app/contracts/domain/pre-entry';
import { ENTRY_STATUS, REVIEW_STATUS, entryStatusLabel } from '@app/contracts/domain/statuses';
import { ENTRY_LIFE_MESSAGES, type EntryReviewRequest } from '@app/contracts/api/entry-life';
import { claimFixture, draftFixture, entryFixture } from '../fixtures';
import { MockReply, failureReply, mock, validate } from '../reply';
import type { MockState } from '../state';
import { MOCK_FILE_BYTES, applicantGate, moveEntry, nowIso } from './support';

/** The pre-entry, the draft and the entries with their life. */
export function entryHandlers(state: MockState) {
  const e = endpoints;
  const loggedIn = applicantGate(state);
  /** The applicant's entry named by the path: the 403 when logged out, the 404 the API answers for anyone else's. */
  const ownEntry = (endpoint: AnyEndpoint, id: string | undefined): Entry | MockReply => {
    const refused = loggedIn(endpoint);
    if (refused) return refused;
    return state.entries.find((item) => String(item.id) === id) ?? failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
  };
  /** The 409 of a move the entry's status does not allow, worded as the API words it. */
  const notAllowed = (endpoint: AnyEndpoint, entry: Entry, action: string): MockReply =>
    failureReply(endpoint, 'conflict', { detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(entry.status) ?? '', action) });
  const saveEntry = (entry: Entry): Entry => {
    state.entries = state.entries.map((item) => (item.id === entry.id ? entry : item));
    return entry;
  };
  return {
    [e.preEntry.get.id]: mock(e.preEntry.get, () => loggedIn(e.preEntry.get) ?? state.preEntry),
    [e.preEntry.submit.id]: mock(e.preEntry.submit, ({ body }) => {
      const refused = loggedIn(e.preEntry.submit);
      if (refused) return refused;
      if (state.preEntry.outcome !== 'unanswered')
        return failureReply(e.preEntry.submit, 'conflict', { detail: PRE_ENTRY_API_MESSAGES.alreadyAnswered });
      const checked = validate(e.preEntry.submit, body);
      if (!checked.ok) return checked.reply;
      const outcome = screenPreEntry(checked.value as Record<string, string>);
      state.preEntry = {
        outcome: outcome.outcome,
        reasons:
          outcome.outcome === 'declined'
            ? outcome.reasons.map((r) => ({ question_id: r.questionId, reason: r.reason, alternative: r.alternative }))
            : [],
        answered_at: new Date().toISOString(),
      };
      if (state.me !== null) state.me = { ...state.me, has_pre_entry_declined: outcome.outcome === 'declined' };
      return state.preEntry;
    }),
    [e.entries.list.id]: mock(e.entries.list, () => loggedIn(e.entries.list) ?? state.entries),
    [e.entries.draft.id]: mock(e.entries.draft, () => loggedIn(e.entries.draft) ?? state.draft),
    [e.entries.saveDraft.id]: mock(e.entries.saveDraft, ({ body }) => {
      const refused = loggedIn(e.entries.saveDraft);
      if (refused) return refused;
      const checked = validate(e.entries.saveDraft, body);
      if (!checked.ok) return checked.reply;
      const { version, data } = checked.value as DraftSaveRequest;
      if (version !== state.draft.version)
        return failureReply(e.entries.saveDraft, 'conflict', { detail: ACCOUNT_MESSAGES.versionConflict });
      state.draft = { version: version + 1, updated_at: new Date().toISOString(), data };
      return state.draft;
    }),
    // After the draft handlers: MSW tries handlers in order and `/api/entries/:id/` would match `draft`.
    [e.entries.get.id]: mock(e.entries.get, ({ params }) => {
      const refused = loggedIn(e.entries.get);
      if (refused) return refused;
      return (
        state.entries.find((entry) => String(entry.id) === params.id) ??
        failureReply(e.entries.get, 'notFound', { detail: NOT_FOUND_DETAIL })
      );
    }),
    // An entry's life: the same legal moves as the API (the domain's transition table), no mails.
    [e.entries.review.id]: mock(e.entries.review, ({ params, body }) => {
      const endpoint = e.entries.review;
      const entry = ownEntry(endpoint, params.id);
      if (entry instanceof MockReply) return entry;
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const moved = entry.status === ENTRY_STATUS.inadequate ? moveEntry(entry, 'review') : null;
      if (moved === null) return notAllowed(endpoint, entry, ENTRY_LIFE_MESSAGES.actions.review);
      const files = (checked.value as EntryReviewRequest).files;
      const resubmitted: Entry = {
        ...moved,
        inadequate_documents: [],
        description_of_inadequate_document: null,
        account_activity_statement_confirmation_status:
          moved.account_activity_statement_confirmation_status === REVIEW_STATUS.inadequate
            ? REVIEW_STATUS.confirming
            : moved.account_activity_statement_confirmation_status,
        financial_statement_confirmation_status:
          moved.financial_statement_confirmation_status === REVIEW_STATUS.inadequate
            ? REVIEW_STATUS.confirming
            : moved.financial_statement_confirmation_status,
        addfiles: [...moved.addfiles, ...files.filter((f) => f.claim_id == null).map((f) => ({ id: f.id, kind: f.group }))],
        claims: moved.claims.map((claim) => ({
          ...claim,
          invoice_confirmation_status:
            claim.invoice_confirmation_status === REVIEW_STATUS.inadequate ? REVIEW_STATUS.confirming : claim.invoice_confirmation_status,
          additional_doc_confirmation_status:
            claim.additional_doc_confirmation_status === REVIEW_STATUS.inadequate
              ? REVIEW_STATUS.confirming
              : claim.additional_doc_confirmation_status,
          contentfiles: [
            ...claim.contentfiles,
            ...files.filter((f) => f.claim_id === claim.id).map((f) => ({ id: f.id, kind: `${f.group}-${claim.id}` })),
          ],
        })),
      };
      return saveEntry(resubmitted);
    }),
    [e.entries.cancel.id]: mock(e.entries.cancel, ({ params }) => {
      const endpoint = e.entries.cancel;
      const entry = ownEntry(endpoint, params.id);
      if (entry instanceof MockReply) return entry;
      const moved = moveEntry(entry, 'cancel');
      if (moved === null) return notAllowed(endpoint, entry, ENTRY_LIFE_MESSAGES.actions.cancel);
      const cancelled = { ...moved, cancelled_at: nowIso() };
      return saveEntry(cancelled);
    }),
    [e.entries.contract.id]: mock(e.entries.contract, ({ params, body }) => {
      const endpoint = e.entries.contract;
      const entry = ownEntry(endpoint, params.id);
      if (entry instanceof MockReply) return entry;
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const moved = moveEntry(entry, 'contract');
      if (moved === null) return notAllowed(endpoint, entry, ENTRY_LIFE_MESSAGES.actions.contract);
      const contracted = { ...moved, contracted_at: nowIso(), has_contract_document: true };
      return saveEntry(contracted);
    }),
    // As the API (payout-account/): reviewed or contracted, the password typed again, the payout held.
    [e.entries.changeBankAccount.id]: mock(e.entries.changeBankAccount, ({ params, body }) => {
      const endpoint = e.entries.changeBankAccount;
      const entry = ownEntry(endpoint, params.id);
      if (entry instanceof MockReply) return entry;
      const checked = validate(endpoint, body);
      if (!checked.ok) return checked.reply;
      const request = checked.value as EntryBankAccountChangeRequest;
      if (request.password !== state.accounts.get(state.me?.email ?? ''))
        return failureReply(endpoint, 'validation', { password: [PAYOUT_CHANGE_MESSAGES.passwordIncorrect] });
      if (entry.status !== ENTRY_STATUS.reviewed && entry.status !== ENTRY_STATUS.contracted)
        return notAllowed(endpoint, entry, PAYOUT_CHANGE_MESSAGES.action);
      if (!state.profile.can_edit_bank_account)
        return failureReply(endpoint, 'validation', { bank_account: [ACCOUNT_MESSAGES.bankAccountLocked] });
      const bankAccount = request.bank_account.trim();
      if (bankAccount === entry.bank_account)
        return failureReply(endpoint, 'validation', { bank_account: [PAYOUT_CHANGE_MESSAGES.sameAccount] });
      const changed: Entry = {
        ...entry,
        bank_account: bankAccount,
        payout_hold_at: nowIso(),
        payout_hold_previous_bank_account: entry.payout_hold_at === null ? entry.bank_account : entry.payout_hold_previous_bank_account,
      };
      return saveEntry(changed);
    }),
    [e.entries.contractDocument.id]: mock(e.entries.contractDocument, ({ params }) => {
      const endpoint = e.entries.contractDocument;
      const refused = loggedIn(endpoint);
      if (refused) return refused;
      const entry = state.entries.find((item) => String(item.id) === params.id);
      return entry?.has_contract_document === true
        ? new MockReply(200, MOCK_FILE_BYTES, { 'Content-Type': 'application/pdf' })
        : failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
    }),
    // The mock creates the entry from the request without the API's file and eligibility checks.
    [e.entries.create.id]: mock(e.entries.create, ({ body }) => {
      const refused = loggedIn(e.entries.create);
      if (refused) return refused;
      const checked = validate(e.entries.create, body);
      if (!checked.ok) return checked.reply;
      const request = checked.value as EntryCreateRequest;
      // As the API: the entry needs its own payout account (no fallback to the profile's).
      const bankAccount = (request.bank_account ?? '').trim();
      if (bankAccount === '') return failureReply(e.entries.create, 'validation', { bank_account: [PAYOUT_ACCOUNT_MESSAGES.required] });
      const id = state.entries.length + 21;
      const entry = entryFixture({
        id,
        code: `E-${String(id).padStart(6, '0')}`,
        purchase_amount_desired: String(parseYen(request.purchase_amount_desired ?? '') ?? 0),
        purpose: request.purpose ?? '',
        claims: request.claims.map((claim, i) =>
          claimFixture({
            id: id * 10 + i,
            obliger_company_name: claim.obliger_company_name ?? '',
            amount: String(parseYen(claim.amount ?? '') ?? 0),
            scheduled_deposit_amount_from_obliger: String(parseYen(claim.scheduled_deposit_amount_from_obliger ?? '') ?? 0),
            obliger_payment_date: claim.obliger_payment_date ?? '2026-12-31',
            contentfiles: claim.contentfile_relations,
          }),
        ),
        bank_account: bankAccount,
      });
      state.entries = [entry, ...state.entries];
      state.draft = draftFixture();
      return entry;
    }),
  };
}
