import { ACCOUNT_MESSAGES, PAYOUT_CHANGE_MESSAGES, STAFF_DECISION_MESSAGES, type StaffEntryAction } from '@app/contracts';
import {
  CLAIM_STATUS,
  DOCUMENT_GROUP_LABELS,
  ENTRY_STATUS,
  MESSAGES,
  claimStatusAfterEntryAction,
  nextClaimStatus,
  nextEntryStatus,
  sumYen,
  type ClaimStatus,
} from '@app/contracts/domain';
import { eq } from 'drizzle-orm';
import { dayInJapan } from '../../accounts/users';
import { writeAudit, type AuditEntry } from '../../audit';
import type { AppContext } from '../../context';
import { claims, entries, type ClaimRow, type EntryRow, type InadequateDocumentRecord } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { entryInadequateMail, entryOfferWithdrawnMail, entryRejectedMail, entryTransferredMail } from '../../mail/templates';
import {
  conflict,
  entryNotAllowed,
  lockClaims,
  entryStatusOf,
  claimStatusOf,
  applicantOf,
  decisionAudit,
  claimStatuses,
  change,
} from './locking';

// ---------------------------------------------------------------------------------------------
// The entry's moves
// ---------------------------------------------------------------------------------------------

/** `「請求書（請求書1: 株式会社サンプル商事）」` — a group as the applicant reads it, with its claim. */
function documentLabel(item: InadequateDocumentRecord, entryClaims: readonly ClaimRow[]): string {
  const index = item.claim_id === null ? -1 : entryClaims.findIndex((claim) => claim.id === item.claim_id);
  const claim = entryClaims[index];
  return `${DOCUMENT_GROUP_LABELS[item.group]}${claim === undefined ? '' : `（請求書${index + 1}: ${claim.obligerCompanyName}）`}`;
}

/** `description_of_inadequate_document`: one line per inadequate group, `「label」reason`. */
export const describeInadequateDocuments = (items: readonly InadequateDocumentRecord[], entryClaims: readonly ClaimRow[]): string =>
  items.map((item) => `「${documentLabel(item, entryClaims)}」${item.reason}`).join('\n');

type EntryActionName = StaffEntryAction['action'];

const ENTRY_ACTION_EVENTS = {
  markInadequate: 'entry.marked_inadequate',
  reject: 'entry.rejected',
  transfer: 'entry.transferred',
  archive: 'entry.archived',
} as const satisfies Record<EntryActionName, AuditEntry['event']>;

/** The sum of the claims' purchase amounts (whole yen) as a decimal string. */
export const purchaseTotal = (rows: readonly ClaimRow[]): string => sumYen(rows.map((row) => row.purchaseAmount))?.toFixed(0) ?? '0';

/** Who may end an offer before its last day to sign: the approval's own roles. */
const OFFER_ENDERS: ReadonlySet<StaffPrincipal['role']> = new Set(['approver', 'admin']);

/** Whether an approved entry's offer can still be signed: reviewed, its last day to sign today or later in Japan. */
const isOfferOpen = (entry: EntryRow, now: Date): boolean =>
  entry.status === ENTRY_STATUS.reviewed && entry.contractPeriod !== null && entry.contractPeriod >= dayInJapan(now);

/**
 * `POST /api/staff/entries/{id}/actions/`: the entry's move from the table, carried to its claims
 * (`claimStatusAfterEntryAction`), with what each move records and tells the applicant:
 *
 * - `markInadequate` (under_review → inadequate): needs at least one group in
 *   `inadequate_documents` (409 `noInadequateDocument`); writes `description_of_inadequate_document`;
 *   each claim with an inadequate invoice or additional documents becomes inadequate (claim
 *   `markInadequate`); mails the applicant the list and the resubmit link.
 * - `reject` (under_review or inadequate → archived, `rejected_at`): the claims become cannot_buy;
 *   the reason stays in the audit row; mails the applicant.
 * - `transfer` (contracted → transferred, `transferred_at`): the contracted claims become
 *   transferred; mails the amount paid and the account.
 * - `archive`: a reviewed entry whose offer lapsed (its can_buy claims cancelled, `cancelled_at`)
 *   or a transferred one whose transaction is complete (`transaction_completed_at`). No mail.
 *   A reviewed entry whose offer is still open (`contract_period` today or later in Japan; issue 23)
 *   only by an approver or admin (a reviewer: 403 `archiveOpenOffer`) and with a `reason` (400 when
 *   missing): the reason is audited and mailed to the applicant, who can no longer sign.
 */
export async function moveEntry(ctx: AppContext, staff: StaffPrincipal, id: number, request: StaffEntryAction): Promise<number> {
  const { action } = request;
  return change(ctx, id, async (tx, entry, now) => {
    const from = entryStatusOf(entry);
    const to = nextEntryStatus(from, action);
    if (to === null) throw entryNotAllowed(entry.status);
    if (action === 'markInadequate' && entry.inadequateDocuments.length === 0) throw conflict(STAFF_DECISION_MESSAGES.noInadequateDocument);
    // A payout account changed after the offer is confirmed by staff before any money is sent (payout-account/).
    if (action === 'transfer' && entry.payoutHoldAt !== null) throw conflict(PAYOUT_CHANGE_MESSAGES.onHold);
    const openOffer = action === 'archive' && isOfferOpen(entry, now);
    const reason = (request.reason ?? '').trim();
    if (openOffer) {
      if (!OFFER_ENDERS.has(staff.role)) throw new ApiError(403, { detail: STAFF_DECISION_MESSAGES.archiveOpenOffer });
      if (reason === '') throw fieldError('reason', request.reason == null ? ACCOUNT_MESSAGES.required : MESSAGES.blank);
    }
    const entryClaims = await lockClaims(tx, entry.id);

    // The claims' moves: carried from the entry's action, or (markInadequate) the claims whose documents are lacking.
    const lacking = new Set(entry.inadequateDocuments.flatMap((item) => (item.claim_id === null ? [] : [item.claim_id])));
    const nextOf = (claim: ClaimRow): ClaimStatus =>
      action === 'markInadequate'
        ? lacking.has(claim.id)
          ? (nextClaimStatus(claimStatusOf(claim), 'markInadequate') ?? claimStatusOf(claim))
          : claimStatusOf(claim)
        : claimStatusAfterEntryAction(action, claimStatusOf(claim));
    const moved: ClaimRow[] = [];
    for (const claim of entryClaims) {
      const status = nextOf(claim);
      if (status === claim.status) continue;
      const cancelledAt = status === CLAIM_STATUS.cancel ? now : claim.cancelledAt;
      await tx.update(claims).set({ status, cancelledAt, updatedAt: now }).where(eq(claims.id, claim.id));
      moved.push({ ...claim, status, cancelledAt });
    }
    const after = entryClaims.map((claim) => moved.find((row) => row.id === claim.id) ?? claim);

    const description = action === 'markInadequate' ? describeInadequateDocuments(entry.inadequateDocuments, entryClaims) : undefined;
    await tx
      .update(entries)
      .set({
        status: to,
        updatedAt: now,
        ...(description === undefined ? {} : { descriptionOfInadequateDocument: description }),
        ...(action === 'reject' ? { rejectedAt: now } : {}),
        ...(action === 'transfer' ? { transferredAt: now } : {}),
        ...(action === 'archive' && from === ENTRY_STATUS.transferred ? { transactionCompletedAt: now } : {}),
      })
      .where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, ENTRY_ACTION_EVENTS[action], now, {
        action,
        ...(action === 'reject' ? { reason } : {}),
        ...(openOffer ? { reason, offerOpen: true } : {}),
        ...(description === undefined ? {} : { documents: entry.inadequateDocuments }),
        before: { status: from, claims: claimStatuses(entryClaims) },
        after: { status: to, claims: claimStatuses(after) },
      }),
    );

    const user = await applicantOf(tx, entry);
    const person = { to: user.email, lastName: user.lastName, firstName: user.firstName, code: entry.code };
    const page = (path: string) => `${ctx.publicUrl()}/entry/${path}/${entry.id}`;
    switch (action) {
      case 'markInadequate':
        return entryInadequateMail({
          ...person,
          url: page('resubmit'),
          documents: entry.inadequateDocuments.map((item) => ({ label: documentLabel(item, entryClaims), reason: item.reason })),
        });
      case 'reject':
        return entryRejectedMail({ ...person, url: page('detail') });
      case 'transfer':
        return entryTransferredMail({
          ...person,
          url: page('detail'),
          at: now,
          purchaseAmount: purchaseTotal(moved.filter((claim) => claim.status === CLAIM_STATUS.transferred)),
          bankAccount: entry.bankAccount ?? '',
        });
      case 'archive':
        return openOffer ? entryOfferWithdrawnMail({ ...person, url: page('detail'), reason }) : null;
    }
  });
}
