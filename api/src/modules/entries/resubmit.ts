import { and, eq, inArray, max } from 'drizzle-orm';
import { ENTRY_LIFE_MESSAGES, type Entry, type EntryReviewRequest } from '@app/contracts';
import {
  DOCUMENT_GROUP_LABELS,
  ENTRY_STATUS,
  REVIEW_STATUS,
  documentGroupKinds,
  isClaimDocumentGroup,
  isUploadKind,
  type DocumentGroup,
  type ReviewStatus,
} from '@app/contracts/domain';
import type { AppContext } from '../../context';
import { claims, entries, entryFiles, uploads, users, type ClaimRow, type EntryRow, type User } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { entryResubmittedMail } from '../../mail/templates';
import { notifyStaffSoon } from '../staff-notify/digest';
import { uploadKeyOf } from './files';
import { getEntry } from './service';
import {
  entryLink,
  lockEntry,
  claimsOf,
  moveOrConflict,
  notAllowed,
  claimMoves,
  auditClaims,
  person,
  writeEntryAudit,
} from './life-support';

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

    await writeEntryAudit(
      tx,
      'entry.resubmitted',
      { at: now, user, entry },
      {
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
    );
    return entry;
  });

  ctx.mailer.sendInBackground(entryResubmittedMail({ ...person(user), at: now, code: entry.code, url: entryLink(ctx, entry.id) }));
  notifyStaffSoon(ctx);
  return getEntry(ctx, user, entry.id);
}

// ---------------------------------------------------------------------------------------------
