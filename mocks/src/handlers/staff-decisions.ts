import { ACCOUNT_MESSAGES } from '@app/contracts/api/account-messages';
import type { HttpHandler } from 'msw';
import type { AnyEndpoint, ResponseInputOf } from '@app/contracts/api/endpoint';
import { endpoints } from '@app/contracts/api/endpoints';
import { NOT_FOUND_DETAIL } from '@app/contracts/api/errors';
import type { Entry } from '@app/contracts/api/entry';
import { MESSAGES } from '@app/contracts/domain/messages';
import { contractIdentityProblem } from '@app/contracts/domain/identity';
import { PAYOUT_CHANGE_MESSAGES } from '@app/contracts/api/payout-account';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  REVIEW_STATUS,
  claimStatusLabel,
  entryStatusLabel,
  reviewStatusOrDefault,
} from '@app/contracts/domain/statuses';
import { calculatePurchase } from '@app/contracts/domain/money';
import { DOCUMENT_GROUP_LABELS } from '@app/contracts/domain/document-review';
import { canApproveEntry, nextClaimStatus } from '@app/contracts/domain/transitions';
import {
  STAFF_DECISION_MESSAGES,
  type StaffClaimAction,
  type StaffClaimDecision,
  type StaffDocumentDecision,
  type StaffEntryAction,
  type StaffEntryApprove,
  type StaffEntryAssign,
} from '@app/contracts/api/staff-decisions';
import { type StaffEntryDetail } from '@app/contracts/api/staff-review';
import { REVIEW_STATUS_LABELS } from '@app/contracts/domain/identity-documents';
import { MockReply, failureReply, mock, validate } from '../reply';
import type { MockState } from '../state';
import {
  CLAIM_GROUP_FIELD,
  ENTRY_GROUP_FIELD,
  MOCK_FILE_BYTES,
  OFFER_ENDERS,
  contractPartyOf,
  isOfferOpen,
  moveEntry,
  nowIso,
  staffRefusal,
  todayInJapan,
} from './support';

/** The back office's decisions: on `state.review`, the same legal moves as the API (no mails, no audit rows). */
export function staffDecisionHandlers(state: MockState) {
  const e = endpoints;
  const reviewItem = (id: string) => state.review.find((item) => String(item.entry.id) === id);
  const claimItem = (id: string) => state.review.find((item) => item.entry.claims.some((claim) => String(claim.id) === id));
  const saveReview = (detail: StaffEntryDetail): StaffEntryDetail => {
    state.review = state.review.map((item) => (item.entry.id === detail.entry.id ? detail : item));
    return detail;
  };
  const entryConflict = (endpoint: AnyEndpoint, entry: Entry) =>
    failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.entryNotAllowed(entryStatusLabel(entry.status) ?? '') });
  const stamp = () => ({ staff_id: state.staff?.id ?? 0, staff_name: state.staff?.name ?? '', at: nowIso() });
  /** A decision on one item of the review: the staff 403s, 404 for an unknown item, the body's 400, then `apply`. */
  const decide = <E extends AnyEndpoint>(
    endpoint: E,
    find: (id: string) => StaffEntryDetail | undefined,
    apply: (
      endpoint: E,
      item: StaffEntryDetail,
      value: unknown,
      params: Readonly<Record<string, string>>,
    ) => ResponseInputOf<E> | MockReply,
  ): HttpHandler =>
    mock(endpoint, ({ params, body }) => {
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = find(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      const checked = validate(endpoint, body);
      return checked.ok ? apply(endpoint, item, checked.value, params) : checked.reply;
    });
  return {
    [e.staff.entries.assignee.id]: decide(e.staff.entries.assignee, reviewItem, (endpoint, item, value) => {
      const request = value as StaffEntryAssign;
      const staff = state.staff!;
      const current = item.assignee?.staff_id ?? null;
      if (current !== request.current_assignee) {
        return failureReply(endpoint, 'conflict', {
          detail: STAFF_DECISION_MESSAGES.assigneeChanged(item.assignee?.staff_name ?? 'ほかのスタッフ', '先ほど'),
        });
      }
      if (!request.take && current !== null && current !== staff.id && staff.role !== 'admin') {
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.notAssignee });
      }
      return saveReview({ ...item, assignee: request.take ? { staff_id: staff.id, staff_name: staff.name, at: nowIso() } : null });
    }),
    [e.staff.entries.documents.id]: decide(e.staff.entries.documents, reviewItem, (endpoint, item, value) => {
      if (item.entry.status !== ENTRY_STATUS.under_review) return entryConflict(endpoint, item.entry);
      const decision = value as StaffDocumentDecision;
      const status = decision.decision === 'confirmed' ? REVIEW_STATUS.confirmed : REVIEW_STATUS.inadequate;
      const claimId = decision.claim_id ?? null;
      const isClaimGroup = decision.group === 'invoice' || decision.group === 'additional_doc';
      if (isClaimGroup !== (claimId !== null) || (claimId !== null && !item.entry.claims.some((c) => c.id === claimId)))
        return failureReply(endpoint, 'validation', { claim_id: [STAFF_DECISION_MESSAGES.claimMismatch] });
      // Decided since the page loaded it: refused as the API refuses it (the mocks keep no record of who).
      const current =
        decision.group === 'invoice' || decision.group === 'additional_doc'
          ? item.entry.claims.find((claim) => claim.id === claimId)?.[CLAIM_GROUP_FIELD[decision.group]]
          : item.entry[ENTRY_GROUP_FIELD[decision.group]];
      if (decision.seen_status !== undefined && current !== undefined && decision.seen_status !== current) {
        return failureReply(endpoint, 'conflict', {
          detail: STAFF_DECISION_MESSAGES.documentChangedUnknown(REVIEW_STATUS_LABELS[reviewStatusOrDefault(current)]),
        });
      }
      const others = item.entry.inadequate_documents.filter((d) => !(d.group === decision.group && d.claim_id === claimId));
      const entry: Entry = {
        ...item.entry,
        inadequate_documents:
          status === REVIEW_STATUS.inadequate
            ? [...others, { group: decision.group, claim_id: claimId, reason: (decision.reason ?? '').trim() }]
            : others,
      };
      if (decision.group === 'invoice' || decision.group === 'additional_doc') {
        const field = CLAIM_GROUP_FIELD[decision.group];
        entry.claims = entry.claims.map((claim) => (claim.id === claimId ? { ...claim, [field]: status } : claim));
      } else {
        entry[ENTRY_GROUP_FIELD[decision.group]] = status;
      }
      return saveReview({ ...item, entry });
    }),
    [e.staff.entries.action.id]: decide(e.staff.entries.action, reviewItem, (endpoint, item, value) => {
      const { action, reason } = value as StaffEntryAction;
      // An offer still open ends only by an approver (or admin), with the reason the applicant is told (issue 23).
      if (action === 'archive' && isOfferOpen(item.entry)) {
        if (!OFFER_ENDERS.has(state.staff?.role ?? ''))
          return failureReply(endpoint, 'forbidden', { detail: STAFF_DECISION_MESSAGES.archiveOpenOffer });
        if ((reason ?? '').trim() === '')
          return failureReply(endpoint, 'validation', { reason: [reason == null ? ACCOUNT_MESSAGES.required : MESSAGES.blank] });
      }
      if (action === 'markInadequate' && item.entry.inadequate_documents.length === 0)
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.noInadequateDocument });
      if (action === 'transfer' && item.entry.payout_hold_at !== null)
        return failureReply(endpoint, 'conflict', { detail: PAYOUT_CHANGE_MESSAGES.onHold });
      const moved = moveEntry(item.entry, action);
      if (moved === null) return entryConflict(endpoint, item.entry);
      const at = nowIso();
      const entry: Entry = {
        ...moved,
        description_of_inadequate_document:
          action === 'markInadequate'
            ? moved.inadequate_documents
                .map((d) => {
                  const index = moved.claims.findIndex((claim) => claim.id === d.claim_id);
                  const claim = moved.claims[index];
                  const label = `${DOCUMENT_GROUP_LABELS[d.group]}${claim === undefined ? '' : `（請求書${index + 1}: ${claim.obliger_company_name}）`}`;
                  return `「${label}」${d.reason}`;
                })
                .join('\n')
            : moved.description_of_inadequate_document,
        rejected_at: action === 'reject' ? at : moved.rejected_at,
        transferred_at: action === 'transfer' ? at : moved.transferred_at,
        transaction_completed_at:
          action === 'archive' && item.entry.status === ENTRY_STATUS.transferred ? at : moved.transaction_completed_at,
      };
      return saveReview({ ...item, entry });
    }),
    [e.staff.entries.confirmBankAccount.id]: mock(e.staff.entries.confirmBankAccount, ({ params }) => {
      const endpoint = e.staff.entries.confirmBankAccount;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      const item = reviewItem(params.id ?? '');
      if (item === undefined) return failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
      if (item.entry.payout_hold_at === null) return failureReply(endpoint, 'conflict', { detail: PAYOUT_CHANGE_MESSAGES.noHold });
      return saveReview({ ...item, entry: { ...item.entry, payout_hold_at: null, payout_hold_previous_bank_account: null } });
    }),
    [e.staff.entries.approve.id]: decide(e.staff.entries.approve, reviewItem, (endpoint, item, value) => {
      if (item.pricing.some((p) => p.priced_by.staff_id === state.staff?.id))
        return failureReply(endpoint, 'forbidden', { detail: STAFF_DECISION_MESSAGES.samePerson });
      if (!canApproveEntry(item.entry.claims.map((claim) => claim.status)))
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.claimsUndecided });
      const moved = moveEntry(item.entry, 'approve');
      if (moved === null) return entryConflict(endpoint, item.entry);
      // The party is fixed here (issue 23): a confirmed, unexpired identity, and the party copied onto the entry.
      const identityProblem = contractIdentityProblem(
        item.applicant.identity_confirmation,
        item.applicant.identity_valid_date,
        todayInJapan(),
      );
      if (identityProblem !== null)
        return failureReply(endpoint, 'conflict', { detail: STAFF_DECISION_MESSAGES.identity[identityProblem] });
      const { contract_period } = value as StaffEntryApprove;
      return saveReview({
        ...item,
        approval: stamp(),
        entry: {
          ...moved,
          reviewed_at: nowIso(),
          contract_period: contract_period.trim(),
          contract_party: contractPartyOf(item.applicant),
        },
      });
    }),
    [e.staff.entries.contractDocument.id]: mock(e.staff.entries.contractDocument, ({ params }) => {
      const endpoint = e.staff.entries.contractDocument;
      const refused = staffRefusal(state, endpoint);
      if (refused) return refused;
      return reviewItem(params.id ?? '')?.entry.has_contract_document === true
        ? new MockReply(200, MOCK_FILE_BYTES, { 'Content-Type': 'application/pdf' })
        : failureReply(endpoint, 'notFound', { detail: NOT_FOUND_DETAIL });
    }),
    [e.staff.claims.decision.id]: decide(e.staff.claims.decision, claimItem, (endpoint, item, value, params) => {
      if (item.entry.status !== ENTRY_STATUS.under_review) return entryConflict(endpoint, item.entry);
      const decision = value as StaffClaimDecision;
      const claimId = Number(params.id);
      let pricing = item.pricing.filter((p) => p.claim_id !== claimId);
      const claims = item.entry.claims.map((claim) => {
        if (claim.id !== claimId) return claim;
        if (decision.decision === 'cannot_buy')
          return { ...claim, status: CLAIM_STATUS.cannot_buy, purchase_amount: null, purchase_principal_amount: null };
        const terms = {
          amount: claim.amount,
          purchase_ratio: (decision.purchase_ratio ?? '').trim(),
          purchase_fee_ratio: (decision.purchase_fee_ratio ?? '').trim(),
          bank_charge: (decision.bank_charge ?? '').trim(),
        };
        pricing = [...pricing, { claim_id: claimId, priced_by: stamp() }];
        return { ...claim, ...terms, amount: claim.amount, ...calculatePurchase(terms), status: CLAIM_STATUS.can_buy };
      });
      return saveReview({ ...item, pricing, entry: { ...item.entry, claims } });
    }),
    [e.staff.claims.action.id]: decide(e.staff.claims.action, claimItem, (endpoint, item, value, params) => {
      const { action } = value as StaffClaimAction;
      const claim = item.entry.claims.find((c) => String(c.id) === params.id);
      const next = claim === undefined ? null : nextClaimStatus(claim.status, action);
      if (claim === undefined || next === null)
        return failureReply(endpoint, 'conflict', {
          detail: STAFF_DECISION_MESSAGES.claimNotAllowed(claimStatusLabel(claim?.status) ?? ''),
        });
      const claims = item.entry.claims.map((c) =>
        c.id === claim.id ? { ...c, status: next, returned_at: action === 'return' ? nowIso() : c.returned_at } : c,
      );
      return saveReview({ ...item, entry: { ...item.entry, claims } });
    }),
  };
}
