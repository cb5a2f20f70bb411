import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { ENTRY_LIFE_MESSAGES, type Entry, type EntryReviewRequest } from '@app/contracts';
import {
  CLAIM_STATUS,
  DOCUMENT_GROUP_LABELS,
  ENTRY_STATUS,
  REVIEW_STATUS,
  claimStatusAfterEntryAction,
  contractIdentityProblem,
  documentGroupKinds,
  entryStatusLabel,
  isClaimDocumentGroup,
  isUploadKind,
  nextEntryStatus,
  type ClaimStatus,
  type DocumentGroup,
  type EntryAction,
  type EntryStatus,
  type ReviewStatus,
  parseYen,
} from '@app/contracts/domain';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { drfDateTime } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import {
  claims,
  entries,
  entryFiles,
  uploads,
  users,
  type ClaimRow,
  type ContractPartyRecord,
  type EntryRow,
  type User,
} from '../../db/schema';
import { ApiError, ValidationError, notFound } from '../../http/errors';
import { entryCancelledMail, entryContractedMail, entryResubmittedMail } from '../../mail/templates';
import { notifyStaffSoon } from '../staff-notify/digest';
import { renderContractPdf, type ContractDocumentInput } from '../contract-document/render';
import { sendContractDocument, storeContractDocument } from '../contract-document/store';
import { livePartyOf, partyAddress } from './contract-party';
import { uploadKeyOf } from './files';
import { getEntry } from './service';

/**
 * An entry's life on the applicant's side (issue 11): resubmitting the documents found inadequate,
 * cancelling, signing the contract, and downloading the signed contract. Each move:
 *
 * - answers only the applicant's own entry (anyone else's, like an unknown id, is 404);
 * - runs in one transaction with the entry's row locked (`SELECT … FOR UPDATE`), so two moves of
 *   the same entry (two tabs, the back office) happen one after the other and the second sees what
 *   the first did;
 * - asks the domain's transition table whether the move is legal from the entry's status
 *   (`nextEntryStatus`) and carries it to the claims (`claimStatusAfterEntryAction`); an illegal
 *   move is 409 with the status and the action in Japanese;
 * - writes an audit row (actor `user:<id>`, the statuses before and after) in the same transaction;
 * - mails the applicant once committed, with a link to the entry's page.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const entryLink = (ctx: AppContext, entryId: number): string => `${ctx.publicUrl()}/entry/detail/${entryId}`;
/** The day in Japan (Asia/Tokyo) of a moment: `2026-04-01`. */
const dayInJapan = (date: Date): string => drfDateTime(date).slice(0, 10);

/** The applicant's entry, locked until the transaction ends; 404 for anyone else's and unknown ids. */
async function lockEntry(tx: Tx, user: User, id: number): Promise<EntryRow> {
  const [row] = await tx
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.userId, user.id)))
    .for('update');
  if (row === undefined) throw notFound();
  return row;
}

const claimsOf = (tx: Tx, entryId: number): Promise<ClaimRow[]> =>
  tx.select().from(claims).where(eq(claims.entryId, entryId)).orderBy(asc(claims.position));

/** The entry's status after `action`, or 409 naming the current status and the action. */
function moveOrConflict(row: EntryRow, action: EntryAction & keyof typeof ENTRY_LIFE_MESSAGES.actions): EntryStatus {
  const next = nextEntryStatus(row.status as EntryStatus, action);
  if (next === null) throw notAllowed(row, action);
  return next;
}

const notAllowed = (row: EntryRow, action: keyof typeof ENTRY_LIFE_MESSAGES.actions): ApiError =>
  new ApiError(409, {
    detail: ENTRY_LIFE_MESSAGES.notAllowed(entryStatusLabel(row.status) ?? '', ENTRY_LIFE_MESSAGES.actions[action]),
  });

interface ClaimMove {
  readonly id: number;
  readonly code: string;
  readonly before: number;
  readonly after: ClaimStatus;
}

/** Each claim's status after the entry's `action` (the claims the move does not concern keep theirs). */
const claimMoves = (action: EntryAction, rows: readonly ClaimRow[]): ClaimMove[] =>
  rows.map((row) => ({
    id: row.id,
    code: row.code,
    before: row.status,
    after: claimStatusAfterEntryAction(action, row.status as ClaimStatus),
  }));

/** Writes the claims whose status changes (with `extra` columns, e.g. `cancelledAt`). */
async function applyClaimMoves(tx: Tx, moves: readonly ClaimMove[], now: Date, extra: Partial<ClaimRow> = {}): Promise<void> {
  for (const move of moves) {
    if (move.after === move.before) continue;
    await tx
      .update(claims)
      .set({ ...extra, status: move.after, updatedAt: now })
      .where(eq(claims.id, move.id));
  }
}

const auditClaims = (moves: readonly ClaimMove[], side: 'before' | 'after') =>
  moves.map((move) => ({ id: move.id, code: move.code, status: side === 'before' ? move.before : move.after }));

const person = (user: User) => ({ to: user.email, lastName: user.lastName, firstName: user.firstName });

// ---------------------------------------------------------------------------------------------
// POST /api/entries/{id}/review/ (resubmit)
// ---------------------------------------------------------------------------------------------

/** One document group asked again: the entry's own (claim null) or a claim's. */
interface AskedGroup {
  readonly group: DocumentGroup;
  readonly claimId: number | null;
}
const groupKey = (group: DocumentGroup, claimId: number | null): string => `${group}:${claimId ?? ''}`;

/**
 * Each entry group with the entry column of its confirmation status, and the applicant's own status
 * of it (which the back office mirrors, and the next entry's wizard reads).
 */
const ENTRY_GROUPS = [
  { group: 'withdrawals_detail', entry: 'accountActivityStatementConfirmationStatus', user: 'withdrawalsDetailStatus' },
  { group: 'financial_statements', entry: 'financialStatementConfirmationStatus', user: 'financialStatementsStatus' },
] as const;
/** Each claim group with the claim column of its confirmation status. */
const CLAIM_GROUPS = [
  { group: 'invoice', claim: 'invoiceConfirmationStatus' },
  { group: 'additional_doc', claim: 'additionalDocConfirmationStatus' },
] as const;

/**
 * The groups the entry asks again: those in `inadequate_documents` (the reviewer's list, with the
 * reasons) and those whose confirmation status is inadequate (should the list lack one).
 */
function askedGroups(entry: EntryRow, claimRows: readonly ClaimRow[]): AskedGroup[] {
  const asked = new Map<string, AskedGroup>();
  const ask = (group: DocumentGroup, claimId: number | null) => asked.set(groupKey(group, claimId), { group, claimId });
  for (const item of entry.inadequateDocuments) ask(item.group, isClaimDocumentGroup(item.group) ? item.claim_id : null);
  for (const { group, entry: column } of ENTRY_GROUPS) if (entry[column] === REVIEW_STATUS.inadequate) ask(group, null);
  for (const claim of claimRows) {
    for (const { group, claim: column } of CLAIM_GROUPS) if (claim[column] === REVIEW_STATUS.inadequate) ask(group, claim.id);
  }
  return [...asked.values()];
}

/**
 * `POST /api/entries/{id}/review/`: the applicant sends new files for the document groups the
 * reviewer found inadequate, and only those; everything else the entry holds is kept. Only an
 * inadequate entry can be resubmitted (409 otherwise). Each file must be an upload of the applicant,
 * not attached to any entry yet, of a kind of its group (`documentGroupKinds`), for a group (and
 * claim) that is asked again — otherwise 400 `files: [fileNotAccepted]` (`claimMismatch` when the
 * claim does not fit the group); then every group asked needs at least one file (400 `missingGroup`).
 * The files join the entry (a claim's under the claim, with its key: `invoice-{key}`), those groups
 * go back to confirming, the reviewer's list and description are emptied, and the entry and its
 * inadequate claims go back under review. Mail: the resubmission was received.
 */
export async function resubmitEntry(ctx: AppContext, user: User, id: number, request: EntryReviewRequest): Promise<Entry> {
  const now = ctx.now();
  const entry = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, user, id);
    if (entry.status !== ENTRY_STATUS.inadequate) throw notAllowed(entry, 'review');
    const next = moveOrConflict(entry, 'review');
    const claimRows = await claimsOf(tx, entry.id);
    const claimById = new Map(claimRows.map((claim) => [claim.id, claim]));
    const asked = askedGroups(entry, claimRows);
    const askedKeys = new Set(asked.map((item) => groupKey(item.group, item.claimId)));

    // Every file: the applicant's, unattached, of a kind of its group, for a group asked again.
    const ids = request.files.map((file) => file.id);
    const found = await tx
      .select({ id: uploads.id, kind: uploads.kind, attachedTo: entryFiles.entryId })
      .from(uploads)
      .leftJoin(entryFiles, eq(entryFiles.uploadId, uploads.id))
      .where(and(eq(uploads.userId, user.id), inArray(uploads.id, ids)));
    const uploadById = new Map(found.map((row) => [row.id, row]));
    const problems = new Set<string>();
    const seen = new Set<number>();
    const accepted: { uploadId: number; group: DocumentGroup; claim: ClaimRow | null; kind: string }[] = [];
    for (const file of request.files) {
      const claimGroup = isClaimDocumentGroup(file.group);
      const claimId = file.claim_id ?? null;
      if (claimGroup !== (claimId !== null) || (claimId !== null && !claimById.has(claimId))) {
        problems.add(ENTRY_LIFE_MESSAGES.claimMismatch);
        continue;
      }
      const upload = uploadById.get(file.id);
      const kindFits = upload !== undefined && documentGroupKinds(file.group).some((kind) => kind === upload.kind);
      if (
        seen.has(file.id) ||
        upload === undefined ||
        upload.attachedTo !== null ||
        !kindFits ||
        !isUploadKind(upload.kind) ||
        !askedKeys.has(groupKey(file.group, claimId))
      ) {
        problems.add(ENTRY_LIFE_MESSAGES.fileNotAccepted);
        continue;
      }
      seen.add(file.id);
      const claim = claimId === null ? null : (claimById.get(claimId) ?? null);
      accepted.push({ uploadId: file.id, group: file.group, claim, kind: uploadKeyOf(upload.kind, claim?.draftKey ?? null) });
    }
    if (problems.size > 0) throw new ValidationError({ files: [...problems] });
    const answered = new Set(accepted.map((file) => groupKey(file.group, file.claim?.id ?? null)));
    for (const item of asked) {
      if (!answered.has(groupKey(item.group, item.claimId)))
        problems.add(ENTRY_LIFE_MESSAGES.missingGroup(DOCUMENT_GROUP_LABELS[item.group]));
    }
    if (problems.size > 0) throw new ValidationError({ files: [...problems] });

    // The files join the entry after the ones it has.
    const [{ last } = { last: null }] = await tx
      .select({ last: max(entryFiles.position) })
      .from(entryFiles)
      .where(eq(entryFiles.entryId, entry.id));
    const first = (last ?? -1) + 1;
    await tx.insert(entryFiles).values(
      accepted.map((file, index) => ({
        uploadId: file.uploadId,
        entryId: entry.id,
        claimId: file.claim?.id ?? null,
        bankKey: null,
        kind: file.kind,
        position: first + index,
        attachedAt: now,
      })),
    );

    // The groups sent again are confirmed anew; the entry and its inadequate claims go back under review.
    const isAsked = (group: DocumentGroup, claimId: number | null) => askedKeys.has(groupKey(group, claimId));
    const [owner] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    const entryStatuses: Partial<Record<(typeof ENTRY_GROUPS)[number]['entry'], ReviewStatus>> = {};
    const userStatuses: Partial<Record<(typeof ENTRY_GROUPS)[number]['user'], ReviewStatus>> = {};
    for (const { group, entry: column, user: userColumn } of ENTRY_GROUPS) {
      if (!isAsked(group, null)) continue;
      entryStatuses[column] = REVIEW_STATUS.confirming;
      if (owner?.[userColumn] === REVIEW_STATUS.inadequate) userStatuses[userColumn] = REVIEW_STATUS.confirming;
    }
    await tx
      .update(entries)
      .set({
        ...entryStatuses,
        status: next,
        inadequateDocuments: [],
        descriptionOfInadequateDocument: null,
        resubmittedAt: now,
        updatedAt: now,
      })
      .where(eq(entries.id, entry.id));
    if (Object.keys(userStatuses).length > 0) {
      await tx
        .update(users)
        .set({ ...userStatuses, updatedAt: now })
        .where(eq(users.id, user.id));
    }
    const moves = claimMoves('review', claimRows);
    for (const [index, claim] of claimRows.entries()) {
      const statuses: Partial<Record<(typeof CLAIM_GROUPS)[number]['claim'], ReviewStatus>> = {};
      for (const { group, claim: column } of CLAIM_GROUPS) if (isAsked(group, claim.id)) statuses[column] = REVIEW_STATUS.confirming;
      const after = moves[index]?.after ?? claim.status;
      if (Object.keys(statuses).length === 0 && after === claim.status) continue;
      await tx
        .update(claims)
        .set({ ...statuses, status: after, updatedAt: now })
        .where(eq(claims.id, claim.id));
    }
    const userAfter = { ...userStatuses };

    await writeAudit(tx, {
      event: 'entry.resubmitted',
      at: now,
      userId: user.id,
      subjectType: 'entry',
      subjectId: String(entry.id),
      data: {
        code: entry.code,
        files: accepted.map((file) => ({ id: file.uploadId, group: file.group, claim_id: file.claim?.id ?? null, kind: file.kind })),
        before: {
          status: entry.status,
          inadequate_documents: entry.inadequateDocuments,
          description_of_inadequate_document: entry.descriptionOfInadequateDocument,
          claims: auditClaims(moves, 'before'),
          ...Object.fromEntries(Object.keys(entryStatuses).map((column) => [column, entry[column as keyof typeof entryStatuses]])),
          user: Object.fromEntries(Object.keys(userAfter).map((column) => [column, owner?.[column as keyof typeof userAfter] ?? null])),
        },
        after: {
          status: next,
          inadequate_documents: [],
          description_of_inadequate_document: null,
          claims: auditClaims(moves, 'after'),
          ...entryStatuses,
          user: userAfter,
        },
      },
    });
    return entry;
  });

  ctx.mailer.sendInBackground(entryResubmittedMail({ ...person(user), at: now, code: entry.code, url: entryLink(ctx, entry.id) }));
  notifyStaffSoon(ctx);
  return getEntry(ctx, user, entry.id);
}

// ---------------------------------------------------------------------------------------------
// POST /api/entries/{id}/cancel/
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/entries/{id}/cancel/`: while under review, inadequate or reviewed (the table's
 * `cancel`), the entry is archived with `cancelled_at`; the claims still open (under review,
 * inadequate, can buy) are cancelled with `cancelled_at`, the others keep their status. Mail: the
 * entry was cancelled.
 */
export async function cancelEntry(ctx: AppContext, user: User, id: number): Promise<Entry> {
  const now = ctx.now();
  const entry = await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, user, id);
    const next = moveOrConflict(entry, 'cancel');
    const moves = claimMoves('cancel', await claimsOf(tx, entry.id));
    await tx.update(entries).set({ status: next, cancelledAt: now, updatedAt: now }).where(eq(entries.id, entry.id));
    await applyClaimMoves(
      tx,
      moves.filter((move) => move.after === CLAIM_STATUS.cancel),
      now,
      { cancelledAt: now },
    );
    await writeAudit(tx, {
      event: 'entry.cancelled',
      at: now,
      userId: user.id,
      subjectType: 'entry',
      subjectId: String(entry.id),
      data: {
        code: entry.code,
        before: { status: entry.status, cancelled_at: null, claims: auditClaims(moves, 'before') },
        after: { status: next, cancelled_at: now.toISOString(), claims: auditClaims(moves, 'after') },
      },
    });
    return entry;
  });

  ctx.mailer.sendInBackground(entryCancelledMail({ ...person(user), at: now, code: entry.code, url: entryLink(ctx, entry.id) }));
  return getEntry(ctx, user, entry.id);
}

// ---------------------------------------------------------------------------------------------
// POST /api/entries/{id}/contract/
// ---------------------------------------------------------------------------------------------

/** `〒150-0002 東京都渋谷区…`: the address the contract names (the office of a corporation, else the owner's). */
/** What the contract PDF prints of the entry, the applicant and the claims bought. */
function contractInput(entry: EntryRow, party: ContractPartyRecord, bought: readonly ClaimRow[], at: Date): ContractDocumentInput {
  return {
    contractedAt: at,
    entryCode: entry.code,
    applicant: {
      companyName: party.corporate_division === 'corporate' ? party.company_name : '',
      name: `${party.last_name} ${party.first_name}`.trim(),
      address: partyAddress(party),
      email: party.email,
    },
    bankAccount: entry.bankAccount,
    claims: bought.map((claim) => ({
      code: claim.code,
      obligerCompanyName: claim.obligerCompanyName,
      amount: claim.amount,
      obligerPaymentDate: claim.obligerPaymentDate,
      purchaseRatio: claim.purchaseRatio,
      purchasePrincipalAmount: claim.purchasePrincipalAmount,
      purchaseFeeRatio: claim.purchaseFeeRatio,
      purchaseFee: claim.purchaseFee,
      bankCharge: claim.bankCharge,
      purchaseAmount: claim.purchaseAmount,
    })),
  };
}

/** The sum of whole-yen amounts (a missing one counts 0), as a decimal string. */
const sumYen = (values: readonly (string | null)[]): string =>
  values.reduce((sum, value) => sum + BigInt(parseYen(value)?.toFixed(0) ?? '0'), 0n).toString();

/**
 * `POST /api/entries/{id}/contract/` (`agreed: true`: the contract's schema refuses anything else
 * with 400 before this runs, so the body says nothing more): only a reviewed entry (409
 * otherwise), and not after its offer's last day in Japan (`contract_period`, 409 `offerExpired`;
 * an offer without one has no last day). The entry is contracted (`contracted_at`), its can-buy claims contracted (the
 * others keep their status), and the signed contract PDF is rendered and stored (before the
 * commit: a contract without its document never exists; should the commit fail, the object is
 * removed). Mail: the contract, with the total to be paid.
 */
export async function contractEntry(ctx: AppContext, user: User, id: number): Promise<Entry> {
  const now = ctx.now();
  let storedKey: string | null = null;
  let result: { entry: EntryRow; owner: User; bought: ClaimRow[] };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const entry = await lockEntry(tx, user, id);
      const next = moveOrConflict(entry, 'contract');
      if (entry.contractPeriod !== null && entry.contractPeriod < dayInJapan(now))
        throw new ApiError(409, { detail: ENTRY_LIFE_MESSAGES.offerExpired });
      const [owner] = await tx.select().from(users).where(eq(users.id, user.id));
      if (owner === undefined) throw notFound();
      // Signing re-checks the identity (issue 23): expired since the approval, or no longer confirmed → refused.
      if (contractIdentityProblem(owner.identityConfirmation, owner.identityValidDate, dayInJapan(now)) !== null)
        throw new ApiError(409, { detail: ENTRY_LIFE_MESSAGES.identityInvalid });
      // The contract binds the party approved, never the live row (which an offer approved before issue 23 still prints).
      const party = entry.contractParty ?? livePartyOf(owner, entry);
      const claimRows = await claimsOf(tx, entry.id);
      const moves = claimMoves('contract', claimRows);
      const bought = claimRows.filter((claim) => moves.find((move) => move.id === claim.id)?.after === CLAIM_STATUS.contracted);

      const pdf = await renderContractPdf(contractInput(entry, party, bought, now));
      storedKey = await storeContractDocument(ctx.storage, entry.id, pdf);

      await tx
        .update(entries)
        .set({ status: next, contractedAt: now, contractDocumentKey: storedKey, updatedAt: now })
        .where(eq(entries.id, entry.id));
      await applyClaimMoves(tx, moves, now);
      await writeAudit(tx, {
        event: 'entry.contracted',
        at: now,
        userId: user.id,
        subjectType: 'entry',
        subjectId: String(entry.id),
        data: {
          code: entry.code,
          agreed: true,
          contract_period: entry.contractPeriod,
          contract_document_key: storedKey,
          contract_document_bytes: pdf.length,
          purchase_amount: sumYen(bought.map((claim) => claim.purchaseAmount)),
          before: { status: entry.status, contracted_at: null, claims: auditClaims(moves, 'before') },
          after: { status: next, contracted_at: now.toISOString(), claims: auditClaims(moves, 'after') },
        },
      });
      return { entry, owner, bought };
    });
  } catch (error) {
    if (storedKey !== null) await ctx.storage.delete(storedKey).catch(() => undefined);
    throw error;
  }

  const { entry, owner, bought } = result;
  ctx.mailer.sendInBackground(
    entryContractedMail({
      ...person(owner),
      at: now,
      code: entry.code,
      purchaseAmount: sumYen(bought.map((claim) => claim.purchaseAmount)),
      url: entryLink(ctx, entry.id),
    }),
  );
  notifyStaffSoon(ctx);
  return getEntry(ctx, user, entry.id);
}

// ---------------------------------------------------------------------------------------------
// GET /api/entries/{id}/contract/document/
// ---------------------------------------------------------------------------------------------

/** `GET /api/entries/{id}/contract/document/`: the owner's signed contract PDF (404 before the contract). */
export async function downloadContractDocument(ctx: AppContext, reply: FastifyReply, user: User, id: number): Promise<Readable> {
  const [row] = await ctx.db
    .select({ code: entries.code, contractDocumentKey: entries.contractDocumentKey })
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.userId, user.id)));
  if (row === undefined) throw notFound();
  return sendContractDocument(ctx, reply, row);
}
