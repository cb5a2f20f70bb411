import { STAFF_DECISION_MESSAGES, type StaffEntryApprove } from '@app/contracts';
import { CLAIM_STATUS, REVIEW_STATUS, canApproveEntry, contractIdentityProblem, nextEntryStatus } from '@app/contracts/domain';
import { eq } from 'drizzle-orm';
import { dayInJapan } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { entries, type ClaimRow, type EntryRow } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { entryReviewedMail } from '../../mail/templates';
import { contractPartyOf, lockApplicant } from '../entries/contract-party';
import { conflict, entryNotAllowed, lockClaims, entryStatusOf, claimStatusOf, decisionAudit, change } from './locking';
import { termsOf } from './claims';
import { purchaseTotal } from './entry-moves';

// ---------------------------------------------------------------------------------------------
// Approval (the second person)
// ---------------------------------------------------------------------------------------------

/** The last day to sign in the mail: `2026年4月15日`. */
const japaneseDate = (date: string): string => {
  const [year, month, day] = date.split('-').map(Number);
  return `${year}年${month}月${day}日`;
};

/**
 * Whether every document the offer rests on is confirmed: the entry's withdrawals details and
 * financial statements, and each can_buy claim's invoice (its additional documents confirmed, or
 * none were asked for).
 */
function documentsConfirmed(entry: EntryRow, entryClaims: readonly ClaimRow[]): boolean {
  const confirmed = REVIEW_STATUS.confirmed;
  return (
    entry.accountActivityStatementConfirmationStatus === confirmed &&
    entry.financialStatementConfirmationStatus === confirmed &&
    entryClaims
      .filter((claim) => claim.status === CLAIM_STATUS.can_buy)
      .every(
        (claim) =>
          claim.invoiceConfirmationStatus === confirmed &&
          (claim.additionalDocConfirmationStatus === confirmed || claim.additionalDocConfirmationStatus === REVIEW_STATUS.nothing),
      )
  );
}

/**
 * `POST /api/staff/entries/{id}/approve/` (approvers and admins, by the catalogue): the second
 * person confirms the terms and offers them until `contract_period`. Refused, in this order: a move
 * the table does not allow (409, e.g. approved already); the caller priced a claim of this entry
 * (403 `samePerson`: terms need two people); a claim undecided or none can be bought (409); a
 * document not confirmed (409); a contract period before today in Japan (400). The entry becomes
 * reviewed (`reviewed_at`, `contract_period`, `approved_by_staff_id`, `approved_at`) and the
 * applicant is mailed the total to be paid, the last day and the contract page.
 */
export async function approveEntry(ctx: AppContext, staff: StaffPrincipal, id: number, request: StaffEntryApprove): Promise<number> {
  return change(ctx, id, async (tx, entry, now) => {
    const from = entryStatusOf(entry);
    const to = nextEntryStatus(from, 'approve');
    if (to === null) throw entryNotAllowed(entry.status);
    const entryClaims = await lockClaims(tx, entry.id);
    if (entryClaims.some((claim) => claim.pricedByStaffId === staff.id)) {
      throw new ApiError(403, { detail: STAFF_DECISION_MESSAGES.samePerson });
    }
    if (!canApproveEntry(entryClaims.map(claimStatusOf))) throw conflict(STAFF_DECISION_MESSAGES.claimsUndecided);
    if (!documentsConfirmed(entry, entryClaims)) throw conflict(STAFF_DECISION_MESSAGES.documentsUnconfirmed);
    const contractPeriod = request.contract_period.trim();
    const today = dayInJapan(now);
    if (contractPeriod < today) throw fieldError('contract_period', STAFF_DECISION_MESSAGES.contractPeriodPast);
    // The party is fixed here (issue 23): the applicant's row locked (a profile save waits), the
    // identity confirmed and unexpired, and what the contract will print copied onto the entry.
    const user = await lockApplicant(tx, entry.userId);
    const identityProblem = contractIdentityProblem(user.identityConfirmation, user.identityValidDate, today);
    if (identityProblem !== null) throw conflict(STAFF_DECISION_MESSAGES.identity[identityProblem]);
    const contractParty = await contractPartyOf(tx, user, entry);

    await tx
      .update(entries)
      .set({ status: to, reviewedAt: now, contractPeriod, approvedByStaffId: staff.id, approvedAt: now, contractParty, updatedAt: now })
      .where(eq(entries.id, entry.id));
    const offered = entryClaims.filter((claim) => claim.status === CLAIM_STATUS.can_buy);
    const purchaseAmount = purchaseTotal(offered);
    await writeAudit(
      tx,
      decisionAudit(staff, entry, 'entry.approved', now, {
        claims: entryClaims.map((claim) => ({ id: claim.id, code: claim.code, ...termsOf(claim), priced_by: claim.pricedByStaffId })),
        purchase_amount: purchaseAmount,
        before: { status: from, contract_period: entry.contractPeriod },
        after: { status: to, contract_period: contractPeriod },
        contract_party: contractParty,
      }),
    );

    return entryReviewedMail({
      to: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      code: entry.code,
      url: `${ctx.publicUrl()}/entry/contract/${entry.id}`,
      purchaseAmount,
      contractPeriod: japaneseDate(contractPeriod),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The signed contract
// ---------------------------------------------------------------------------------------------

/**
 * The entry whose signed contract staff download (`contract-document/store.ts` `sendContractDocument`
 * serves it, 404 when there is none yet); 404 for an unknown entry. Opening an existing contract is
 * audited, like an applicant's file opened by staff.
 */
export async function contractDocumentForStaff(ctx: AppContext, staff: StaffPrincipal, id: number): Promise<EntryRow> {
  const [row] = await ctx.db.select().from(entries).where(eq(entries.id, id));
  if (row === undefined) throw notFound();
  if (row.contractDocumentKey !== null) {
    await writeAudit(ctx.db, decisionAudit(staff, row, 'entry.contract_viewed_by_staff', ctx.now(), { code: row.code }));
  }
  return row;
}
