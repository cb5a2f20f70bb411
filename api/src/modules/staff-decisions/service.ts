import {
  ACCOUNT_MESSAGES,
  PAYOUT_CHANGE_MESSAGES,
  STAFF_DECISION_MESSAGES,
  type StaffClaimAction,
  type StaffClaimDecision,
  type StaffDocumentDecision,
  type StaffEntryAction,
  type StaffEntryApprove,
  type StaffEntryAssign,
} from '@app/contracts';
import {
  CLAIM_STATUS,
  DOCUMENT_GROUP_LABELS,
  ENTRY_STATUS,
  MESSAGES,
  REVIEW_STATUS,
  REVIEW_STATUS_LABELS,
  calculatePurchase,
  jstDateTime,
  reviewStatusOrDefault,
  canApproveEntry,
  contractIdentityProblem,
  claimStatusAfterEntryAction,
  claimStatusLabel,
  entryStatusLabel,
  isClaimDocumentGroup,
  nextClaimStatus,
  nextEntryStatus,
  parseDecimal,
  sumYen,
  type ClaimStatus,
  type DocumentGroup,
  type EntryStatus,
  type PurchaseCalculation,
} from '@app/contracts/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { drfDateTime } from '../../accounts/users';
import { staffActor, writeAudit, type AuditEntry } from '../../audit';
import type { AppContext, Db } from '../../context';
import {
  auditLog,
  claims,
  entries,
  staffMembers,
  users,
  type ClaimRow,
  type EntryRow,
  type InadequateDocumentRecord,
  type User,
} from '../../db/schema';
import { ApiError, ValidationError, fieldError, notFound } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import type { MailMessage } from '../../mail/mailer';
import {
  entryInadequateMail,
  entryOfferWithdrawnMail,
  entryRejectedMail,
  entryReviewedMail,
  entryTransferredMail,
} from '../../mail/templates';
import { contractPartyOf, lockApplicant } from '../entries/contract-party';
import { notifyApplicant } from '../events/notify';

/**
 * The back office's decisions on an entry (issue 11): document groups, claims' terms, the entry's
 * moves (markInadequate, reject, transfer, archive), the second-person approval, a transferred
 * claim's delay or return, and the signed contract's download.
 *
 * Every change runs in one transaction that first locks the entry's row (`SELECT … FOR UPDATE`),
 * so two staff members acting on one entry at once are served one after the other and the second
 * sees the first's result (a move no longer legal is 409). The audit row (actor `staff:<id>`,
 * subject the entry, `before`/`after`) is written in the same transaction; the applicant's mail
 * leaves after the commit. Every status move is asked of the domain's transition table
 * (`nextEntryStatus`, `claimStatusAfterEntryAction`, `nextClaimStatus`), never decided here.
 */

// ---------------------------------------------------------------------------------------------
// Locking and refusals
// ---------------------------------------------------------------------------------------------

const conflict = (detail: string): ApiError => new ApiError(409, { detail });
const entryNotAllowed = (status: number): ApiError => conflict(STAFF_DECISION_MESSAGES.entryNotAllowed(entryStatusLabel(status) ?? ''));
const claimNotAllowed = (status: number): ApiError => conflict(STAFF_DECISION_MESSAGES.claimNotAllowed(claimStatusLabel(status) ?? ''));

/** The entry's row, locked until the transaction ends; 404 for an unknown id. */
async function lockEntry(tx: Db, id: number): Promise<EntryRow> {
  const [row] = await tx.select().from(entries).where(eq(entries.id, id)).for('update');
  if (row === undefined) throw notFound();
  return row;
}

/** The entry's claims in their order, locked (after the entry: always the same order, no deadlock). */
const lockClaims = (tx: Db, entryId: number): Promise<ClaimRow[]> =>
  tx.select().from(claims).where(eq(claims.entryId, entryId)).orderBy(asc(claims.position)).for('update');

/** The entry a claim belongs to (an entry id never changes, so it is read before locking); 404 for an unknown claim. */
async function entryIdOfClaim(db: Db, claimId: number): Promise<number> {
  const [row] = await db.select({ entryId: claims.entryId }).from(claims).where(eq(claims.id, claimId));
  if (row === undefined) throw notFound();
  return row.entryId;
}

/** The entry's status as the domain types it (the column's check keeps it 1..6). */
const entryStatusOf = (row: EntryRow): EntryStatus => row.status as EntryStatus;
const claimStatusOf = (row: ClaimRow): ClaimStatus => row.status as ClaimStatus;

/** The entry's applicant, for the mails. */
async function applicantOf(tx: Db, row: EntryRow): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (user === undefined) throw notFound();
  return user;
}

/** The audit row of a decision: by the staff member, about the entry. */
const decisionAudit = (
  staff: StaffPrincipal,
  entry: EntryRow,
  event: AuditEntry['event'],
  at: Date,
  data: Record<string, unknown>,
): AuditEntry => ({ event, at, actor: staffActor(staff.id), subjectType: 'entry', subjectId: String(entry.id), data });

const claimStatuses = (rows: readonly ClaimRow[]) => rows.map((row) => ({ id: row.id, code: row.code, status: row.status }));

/**
 * The staff member's change, in one transaction on the locked entry; then its mail (if any).
 * Answers the entry's id for the caller to read the fresh view.
 */
async function change(
  ctx: AppContext,
  entryId: number,
  work: (tx: Db, entry: EntryRow, now: Date) => Promise<MailMessage | null>,
): Promise<number> {
  const now = ctx.now();
  const mail = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    const result = await work(tx, entry, now);
    await notifyApplicant(tx, entry.userId, { kind: 'entry', id: entry.id });
    return result;
  });
  if (mail !== null) ctx.mailer.sendInBackground(mail);
  return entryId;
}

// ---------------------------------------------------------------------------------------------
// Document groups
// ---------------------------------------------------------------------------------------------

const isSameDocument = (item: InadequateDocumentRecord, group: DocumentGroup, claimId: number | null) =>
  item.group === group && item.claim_id === claimId;

/**
 * `POST /api/staff/entries/{id}/documents/` (while under review): one group confirmed (status 3,
 * its item removed from `inadequate_documents`) or inadequate (status 2, its item added or its
 * reason replaced, in place). The entry's groups are mirrored on the applicant's own statuses
 * (`users.withdrawals_detail_status`, `financial_statements_status`), which the next entry reuses.
 */
export async function reviewDocument(ctx: AppContext, staff: StaffPrincipal, id: number, decision: StaffDocumentDecision): Promise<number> {
  return change(ctx, id, async (tx, entry, now) => {
    if (entry.status !== ENTRY_STATUS.under_review) throw entryNotAllowed(entry.status);
    const group = decision.group;
    const claimId = decision.claim_id ?? null;
    const entryClaims = await lockClaims(tx, entry.id);
    const claim = claimId === null ? undefined : entryClaims.find((row) => row.id === claimId);
    if (isClaimDocumentGroup(group) ? claim === undefined : claimId !== null) {
      throw fieldError('claim_id', STAFF_DECISION_MESSAGES.claimMismatch);
    }
    const status = decision.decision === 'confirmed' ? REVIEW_STATUS.confirmed : REVIEW_STATUS.inadequate;
    const reason = decision.decision === 'inadequate' ? (decision.reason ?? '').trim() : null;

    const previous = entry.inadequateDocuments.find((item) => isSameDocument(item, group, claimId));
    let documents: InadequateDocumentRecord[];
    if (reason === null) documents = entry.inadequateDocuments.filter((item) => !isSameDocument(item, group, claimId));
    else if (previous === undefined) documents = [...entry.inadequateDocuments, { group, claim_id: claimId, reason }];
    else documents = entry.inadequateDocuments.map((item) => (item === previous ? { group, claim_id: claimId, reason } : item));

    const before =
      claim !== undefined
        ? group === 'invoice'
          ? claim.invoiceConfirmationStatus
          : claim.additionalDocConfirmationStatus
        : group === 'withdrawals_detail'
          ? entry.accountActivityStatementConfirmationStatus
          : entry.financialStatementConfirmationStatus;
    // Changed since the reviewer's page read it (another reviewer, or the applicant's resubmission).
    if (decision.seen_status !== undefined && decision.seen_status !== before) {
      throw await documentChanged(tx, entry, group, claimId, before);
    }
    if (claim !== undefined) {
      const invoice = group === 'invoice';
      await tx
        .update(claims)
        .set({ ...(invoice ? { invoiceConfirmationStatus: status } : { additionalDocConfirmationStatus: status }), updatedAt: now })
        .where(eq(claims.id, claim.id));
    } else {
      const withdrawals = group === 'withdrawals_detail';
      await tx
        .update(users)
        .set({ ...(withdrawals ? { withdrawalsDetailStatus: status } : { financialStatementsStatus: status }), updatedAt: now })
        .where(eq(users.id, entry.userId));
    }
    await tx
      .update(entries)
      .set({
        ...(group === 'withdrawals_detail' ? { accountActivityStatementConfirmationStatus: status } : {}),
        ...(group === 'financial_statements' ? { financialStatementConfirmationStatus: status } : {}),
        inadequateDocuments: documents,
        updatedAt: now,
      })
      .where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, 'entry.document_reviewed', now, {
        group,
        claim_id: claimId,
        decision: decision.decision,
        before: { confirmation_status: before, reason: previous?.reason ?? null },
        after: { confirmation_status: status, reason },
      }),
    );
    return null;
  });
}

/**
 * The 409 of a document decided since the reviewer loaded it: who last decided it and when (the
 * entry's audit rows: the staff member's decision, or the applicant's resubmission), and its status now.
 */
async function documentChanged(tx: Db, entry: EntryRow, group: DocumentGroup, claimId: number | null, now: number): Promise<ApiError> {
  const label = REVIEW_STATUS_LABELS[reviewStatusOrDefault(now)];
  const [last] = await tx
    .select({ actor: auditLog.actor, at: auditLog.occurredAt, event: auditLog.event, data: auditLog.data, name: staffMembers.name })
    .from(auditLog)
    .leftJoin(staffMembers, sql`${auditLog.actor} = 'staff:' || ${staffMembers.id}::text`)
    .where(
      and(
        eq(auditLog.subjectType, 'entry'),
        eq(auditLog.subjectId, String(entry.id)),
        inArray(auditLog.event, ['entry.document_reviewed', 'entry.resubmitted']),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(20)
    .then((rows) =>
      rows.filter((row) => row.event === 'entry.resubmitted' || (row.data.group === group && (row.data.claim_id ?? null) === claimId)),
    );
  if (last === undefined) return new ApiError(409, { detail: STAFF_DECISION_MESSAGES.documentChangedUnknown(label) });
  const who = last.event === 'entry.resubmitted' ? '申込者' : `${last.name ?? 'ほかのスタッフ'}さん`;
  return new ApiError(409, { detail: STAFF_DECISION_MESSAGES.documentChanged(who, jstDateTime(last.at), label) });
}

// ---------------------------------------------------------------------------------------------
// 担当: who has taken the entry
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/staff/entries/{id}/assignee/`: takes the entry (`take: true`) or lets it go, when the
 * page's `current_assignee` is still who has it — else 409 naming who has it and since when, so a
 * takeover is always made knowing from whom. Letting go is for whoever has it, or an admin.
 * Audited `entry.assignee_changed` with both names. Any status: staff may own an entry's follow-up
 * after the contract too.
 */
export async function assignEntry(ctx: AppContext, staff: StaffPrincipal, id: number, request: StaffEntryAssign): Promise<number> {
  return change(ctx, id, async (tx, entry, now) => {
    const current = entry.assigneeStaffId;
    const [holder] =
      current === null
        ? []
        : await tx.select({ id: staffMembers.id, name: staffMembers.name }).from(staffMembers).where(eq(staffMembers.id, current));
    if (current !== request.current_assignee) {
      if (holder === undefined || entry.assignedAt === null) {
        throw new ApiError(409, { detail: STAFF_DECISION_MESSAGES.assigneeChanged('ほかのスタッフ', '先ほど') });
      }
      throw new ApiError(409, { detail: STAFF_DECISION_MESSAGES.assigneeChanged(holder.name, jstDateTime(entry.assignedAt)) });
    }
    const next = request.take ? staff.id : null;
    if (!request.take && current !== null && current !== staff.id && staff.role !== 'admin') {
      throw new ApiError(409, { detail: STAFF_DECISION_MESSAGES.notAssignee });
    }
    if (next === current) return null;
    await tx
      .update(entries)
      .set({ assigneeStaffId: next, assignedAt: next === null ? null : now })
      .where(eq(entries.id, entry.id));
    await writeAudit(
      tx,
      decisionAudit(staff, entry, 'entry.assignee_changed', now, {
        before: { staff_id: current, staff_name: holder?.name ?? null },
        after: { staff_id: next, staff_name: next === null ? null : staff.name },
      }),
    );
    return null;
  });
}

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
const termsOf = (row: ClaimRow) => ({
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
const purchaseTotal = (rows: readonly ClaimRow[]): string => sumYen(rows.map((row) => row.purchaseAmount))?.toFixed(0) ?? '0';

/** Who may end an offer before its last day to sign: the approval's own roles. */
const OFFER_ENDERS: ReadonlySet<StaffPrincipal['role']> = new Set(['approver', 'admin']);

/** Whether an approved entry's offer can still be signed: reviewed, its last day to sign today or later in Japan. */
const isOfferOpen = (entry: EntryRow, now: Date): boolean =>
  entry.status === ENTRY_STATUS.reviewed && entry.contractPeriod !== null && entry.contractPeriod >= drfDateTime(now).slice(0, 10);

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
    const today = drfDateTime(now).slice(0, 10); // the day in Japan
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
