import { STAFF_DECISION_MESSAGES, type StaffClaimAction, type StaffClaimDecision } from '@app/contracts';
import {
  CLAIM_STATUS,
  ENTRY_STATUS,
  calculatePurchase,
  nextClaimStatus,
  parseDecimal,
  type PurchaseCalculation,
} from '@app/contracts/domain';
import { eq } from 'drizzle-orm';
import { writeAudit, type AuditEntry } from '../../audit';
import type { AppContext } from '../../context';
import { claims, entries, type ClaimRow } from '../../db/schema';
import { ValidationError, notFound } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { entryNotAllowed, claimNotAllowed, lockClaims, entryIdOfClaim, claimStatusOf, decisionAudit, change } from './locking';

// ---------------------------------------------------------------------------------------------
// A claim's terms
// ---------------------------------------------------------------------------------------------

/** Ratios are stored with 4 places (numeric(5,4)): more would be rounded by the database. */
const RATIO_PLACES = 4;
const fitsRatioColumn = (value: string): boolean => {
  const ratio = parseDecimal(value);
  return ratio !== undefined && ratio.eq(ratio.round(RATIO_PLACES));
};

/** A claim's terms and figures, for the audit row. */
export const termsOf = (row: ClaimRow) => ({
  status: row.status,
  purchase_ratio: row.purchaseRatio,
  purchase_fee_ratio: row.purchaseFeeRatio,
  bank_charge: row.bankCharge,
  purchase_principal_amount: row.purchasePrincipalAmount,
  purchase_fee: row.purchaseFee,
  purchase_amount: row.purchaseAmount,
});

/** The figures of can_buy from the claim's face amount (the domain's `calculatePurchase`); 400 when nothing would be paid. */
function purchaseOf(claim: ClaimRow, terms: { purchase_ratio: string; purchase_fee_ratio: string; bank_charge: string }) {
  const errors: Record<string, string[]> = {};
  if (!fitsRatioColumn(terms.purchase_ratio)) errors.purchase_ratio = [STAFF_DECISION_MESSAGES.purchaseRatio];
  if (!fitsRatioColumn(terms.purchase_fee_ratio)) errors.purchase_fee_ratio = [STAFF_DECISION_MESSAGES.feeRatio];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  let figures: PurchaseCalculation;
  try {
    figures = calculatePurchase({ amount: claim.amount, ...terms });
  } catch (error) {
    // The schema checked the bounds of each term; what is left is a fee and charge eating the principal.
    if (!(error instanceof RangeError)) throw error;
    throw new ValidationError({ non_field_errors: [STAFF_DECISION_MESSAGES.purchaseNotPositive] });
  }
  if (!(parseDecimal(figures.purchase_amount)?.gt(0) ?? false)) {
    throw new ValidationError({ non_field_errors: [STAFF_DECISION_MESSAGES.purchaseNotPositive] });
  }
  return figures;
}

/** A claim may be decided while under review and decided again (can_buy ⇄ cannot_buy) until the entry is approved. */
const DECIDABLE_CLAIM_STATUSES: ReadonlySet<number> = new Set([CLAIM_STATUS.under_review, CLAIM_STATUS.can_buy, CLAIM_STATUS.cannot_buy]);

/**
 * `POST /api/staff/claims/{id}/decision/` (the entry under review): can_buy with the terms and the
 * figures the domain computes from the face amount, stamped with who priced it and when; or
 * cannot_buy, the figures and the stamp cleared. A decision replaces the previous one: the move
 * is the table's from under_review (canBuy / cannotBuy), as if the claim were back under review.
 * An inadequate claim is resubmitted first (409).
 */
export async function decideClaim(ctx: AppContext, staff: StaffPrincipal, claimId: number, decision: StaffClaimDecision): Promise<number> {
  return change(ctx, await entryIdOfClaim(ctx.db, claimId), async (tx, entry, now) => {
    if (entry.status !== ENTRY_STATUS.under_review) throw entryNotAllowed(entry.status);
    const claim = (await lockClaims(tx, entry.id)).find((row) => row.id === claimId);
    if (claim === undefined) throw notFound();
    const canBuy = decision.decision === 'can_buy';
    const next = DECIDABLE_CLAIM_STATUSES.has(claim.status)
      ? nextClaimStatus(CLAIM_STATUS.under_review, canBuy ? 'canBuy' : 'cannotBuy')
      : null;
    if (next === null) throw claimNotAllowed(claim.status);

    const terms = {
      purchase_ratio: (decision.purchase_ratio ?? '').trim(),
      purchase_fee_ratio: (decision.purchase_fee_ratio ?? '').trim(),
      bank_charge: (decision.bank_charge ?? '').trim(),
    };
    const figures = canBuy ? purchaseOf(claim, terms) : null;
    const [updated] = await tx
      .update(claims)
      .set({
        status: next,
        purchaseRatio: figures === null ? null : terms.purchase_ratio,
        purchaseFeeRatio: figures === null ? null : terms.purchase_fee_ratio,
        bankCharge: figures?.bank_charge ?? null,
        purchasePrincipalAmount: figures?.purchase_principal_amount ?? null,
        purchaseFee: figures?.purchase_fee ?? null,
        purchaseAmount: figures?.purchase_amount ?? null,
        pricedByStaffId: figures === null ? null : staff.id,
        pricedAt: figures === null ? null : now,
        updatedAt: now,
      })
      .where(eq(claims.id, claim.id))
      .returning();
    if (updated === undefined) throw notFound();
    await tx.update(entries).set({ updatedAt: now }).where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, 'claim.decided', now, {
        claim_id: claim.id,
        claim_code: claim.code,
        decision: decision.decision,
        before: termsOf(claim),
        after: termsOf(updated),
      }),
    );
    return null;
  });
}

// ---------------------------------------------------------------------------------------------
// A transferred claim: delay, return
// ---------------------------------------------------------------------------------------------

const CLAIM_ACTION_EVENTS = { delay: 'claim.delayed', return: 'claim.returned' } as const satisfies Record<
  StaffClaimAction['action'],
  AuditEntry['event']
>;

/** `POST /api/staff/claims/{id}/actions/`: `delay` or `return` (`returned_at`) as the claim table allows, else 409. */
export async function moveClaim(ctx: AppContext, staff: StaffPrincipal, claimId: number, request: StaffClaimAction): Promise<number> {
  const { action } = request;
  return change(ctx, await entryIdOfClaim(ctx.db, claimId), async (tx, entry, now) => {
    const claim = (await lockClaims(tx, entry.id)).find((row) => row.id === claimId);
    if (claim === undefined) throw notFound();
    const next = nextClaimStatus(claimStatusOf(claim), action);
    if (next === null) throw claimNotAllowed(claim.status);
    const returnedAt = action === 'return' ? now : claim.returnedAt;
    await tx.update(claims).set({ status: next, returnedAt, updatedAt: now }).where(eq(claims.id, claim.id));
    await tx.update(entries).set({ updatedAt: now }).where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, CLAIM_ACTION_EVENTS[action], now, {
        claim_id: claim.id,
        claim_code: claim.code,
        action,
        before: { status: claim.status, returned_at: claim.returnedAt?.toISOString() ?? null },
        after: { status: next, returned_at: returnedAt?.toISOString() ?? null },
      }),
    );
    return null;
  });
}
