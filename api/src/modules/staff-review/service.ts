import {
  STAFF_REVIEW_MESSAGES,
  type StaffApplicant,
  type StaffAuditEvent,
  type StaffEntryDetail,
  type StaffEntryQueue,
  type StaffEntryQueueQuery,
  type StaffIdentityDecision,
} from '@app/contracts';
import {
  ENTRY_STATUS,
  REVIEW_STATUS,
  REVIEW_STATUS_LABELS,
  entryStatusName,
  isIdentityDocumentType,
  reviewStatusOrDefault,
} from '@app/contracts/domain';
import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { drfDateTime, findUserById, profileFilesOf } from '../../accounts/users';
import { staffActor, writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { auditLog, claims, entries, staffMembers, uploads, users, type Upload, type User } from '../../db/schema';
import { fieldError, notFound, ValidationError } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { getEntry } from '../entries/service';
import { IdentityReviewError, reviewIdentity } from '../identity-review/review';

/**
 * The back office's review (issue 11): the queue of entries, one entry with its applicant and its
 * history, the applicant's files, and the identity decision. Every staff member may read any
 * applicant's data here; each file opened and each decision is written to the audit log with the
 * staff member as the actor.
 */

const applicantName = (user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'companyName' | 'corporateDivision'>) => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  company_name: user.companyName,
  corporate_division: user.corporateDivision,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `GET /api/staff/entries/`: the entries in one status, oldest (or newest) first, one page of them.
 * Optionally only those whose claims' face total is within `min_face_total`..`max_face_total` (yen)
 * and those submitted at least `min_age_days` days before `now`; `count` counts the same set.
 */
/** The queue's highlight after this many hours without REVIEW_WAIT_LIMIT_HOURS. */
export const DEFAULT_REVIEW_WAIT_LIMIT_HOURS = 24;

/** How many entries each status holds (one grouped count). */
async function statusCounts(db: Db): Promise<StaffEntryQueue['counts']> {
  const rows = await db.select({ status: entries.status, value: count() }).from(entries).groupBy(entries.status);
  const counts = Object.fromEntries(Object.keys(ENTRY_STATUS).map((name) => [name, 0])) as StaffEntryQueue['counts'];
  for (const row of rows) {
    const name = entryStatusName(row.status);
    if (name !== null) counts[name] = row.value;
  }
  return counts;
}

export async function entryQueue(
  db: Db,
  now: Date,
  query: StaffEntryQueueQuery,
  waitLimitHours: number = DEFAULT_REVIEW_WAIT_LIMIT_HOURS,
): Promise<StaffEntryQueue> {
  const status = ENTRY_STATUS[query.status];
  const claimStats = db
    .select({
      entryId: claims.entryId,
      claimCount: sql<number>`count(*)::int`.as('claim_count'),
      faceTotal: sql<string>`sum(${claims.amount})`.as('face_total'),
    })
    .from(claims)
    .groupBy(claims.entryId)
    .as('claim_stats');
  const faceTotal = sql`coalesce(${claimStats.faceTotal}, 0)`;
  const conditions: SQL[] = [eq(entries.status, status)];
  if (query.min_face_total !== undefined) conditions.push(sql`${faceTotal} >= ${query.min_face_total}`);
  if (query.max_face_total !== undefined) conditions.push(sql`${faceTotal} <= ${query.max_face_total}`);
  if (query.min_age_days !== undefined) conditions.push(lte(entries.createdAt, new Date(now.getTime() - query.min_age_days * DAY_MS)));
  const where = and(...conditions);
  const order = query.order === 'newest' ? [desc(entries.createdAt), desc(entries.id)] : [asc(entries.createdAt), asc(entries.id)];
  const rows = await db
    .select({
      entry: entries,
      user: users,
      claimCount: claimStats.claimCount,
      faceTotal: sql<string>`${faceTotal}::text`,
      assigneeName: staffMembers.name,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .leftJoin(staffMembers, eq(staffMembers.id, entries.assigneeStaffId))
    .leftJoin(claimStats, eq(claimStats.entryId, entries.id))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ value: count() }).from(entries).leftJoin(claimStats, eq(claimStats.entryId, entries.id)).where(where);
  return {
    count: total?.value ?? 0,
    counts: await statusCounts(db),
    wait_limit_hours: waitLimitHours,
    limit: query.limit,
    offset: query.offset,
    results: rows.map(({ entry, user, claimCount, faceTotal, assigneeName }) => ({
      assignee_name: assigneeName,
      id: entry.id,
      code: entry.code,
      status: entry.status as StaffEntryQueue['results'][number]['status'],
      created_at: drfDateTime(entry.createdAt),
      waiting_since: drfDateTime(entry.resubmittedAt ?? entry.createdAt),
      updated_at: drfDateTime(entry.updatedAt),
      purchase_amount_desired: entry.purchaseAmountDesired,
      claim_count: claimCount ?? 0,
      face_total: faceTotal,
      applicant: applicantName(user),
    })),
  };
}

/** The applicant's profile as the reviewer reads it, with the identity document's files. */
export async function staffApplicant(db: Db, user: User): Promise<StaffApplicant> {
  const files = await profileFilesOf(db, user.id);
  return {
    ...applicantName(user),
    office_phone: user.officePhone,
    office_zipcode: user.officeZipcode,
    office_prefecture: user.officePrefecture,
    office_city: user.officeCity,
    office_building_number: user.officeBuildingNumber,
    owner_phone: user.ownerPhone,
    owner_zipcode: user.ownerZipcode,
    owner_prefecture: user.ownerPrefecture,
    owner_city: user.ownerCity,
    owner_building_number: user.ownerBuildingNumber,
    identity_confirmation: reviewStatusOrDefault(user.identityConfirmation),
    identity_valid_date: user.identityValidDate,
    identity_document_type: isIdentityDocumentType(user.identityDocumentType) ? user.identityDocumentType : null,
    identity_files: files
      .filter((file) => file.kind === 'identity')
      .map((file) => ({ id: file.id, kind: file.kind, name: file.name ?? '', content_type: file.content_type ?? '', side: file.side })),
  };
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The entry's audit rows and the applicant's identity events, oldest first, staff actors named. */
async function historyOf(db: Db, entryId: number, userId: number): Promise<StaffAuditEvent[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.subjectType, 'entry'), eq(auditLog.subjectId, String(entryId))),
        and(
          eq(auditLog.subjectType, 'user'),
          eq(auditLog.subjectId, String(userId)),
          inArray(auditLog.event, ['identity.submitted', 'identity.reviewed']),
        ),
      ),
    )
    .orderBy(asc(auditLog.occurredAt), asc(auditLog.id));
  const staffIds = [...new Set(rows.flatMap((row) => (/^staff:\d+$/.test(row.actor ?? '') ? [Number(row.actor?.slice(6))] : [])))];
  const names = new Map<string, string>(
    staffIds.length === 0
      ? []
      : (
          await db.select({ id: staffMembers.id, name: staffMembers.name }).from(staffMembers).where(inArray(staffMembers.id, staffIds))
        ).map((member) => [`staff:${member.id}`, member.name] as const),
  );
  return rows.map((row) => ({
    id: row.id,
    occurred_at: drfDateTime(row.occurredAt),
    actor: row.actor,
    actor_name: row.actor === null ? null : (names.get(row.actor) ?? null),
    event: row.event,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    before: record(row.data.before),
    after: record(row.data.after),
    data: row.data,
  }));
}

/** `GET /api/staff/entries/{id}/`: the entry, its applicant and its history; 404 for an unknown id. */
export async function entryDetail(ctx: AppContext, id: number): Promise<StaffEntryDetail> {
  const [row] = await ctx.db.select({ userId: entries.userId }).from(entries).where(eq(entries.id, id));
  if (row === undefined) throw notFound();
  const user = await findUserById(ctx.db, row.userId);
  if (user === undefined) throw notFound();
  return {
    entry: await getEntry(ctx, user, id),
    applicant: await staffApplicant(ctx.db, user),
    history: await historyOf(ctx.db, id, user.id),
    ...(await stampsOf(ctx.db, id)),
  };
}

/**
 * Who set each priced claim's terms (`claims.priced_by_staff_id`, kept while the claim stays
 * can_buy and after) and who approved the entry (`entries.approved_by_staff_id`), with their names.
 */
async function stampsOf(db: Db, entryId: number): Promise<Pick<StaffEntryDetail, 'pricing' | 'approval' | 'assignee'>> {
  const priced = await db
    .select({ claimId: claims.id, staffId: staffMembers.id, staffName: staffMembers.name, at: claims.pricedAt })
    .from(claims)
    .innerJoin(staffMembers, eq(staffMembers.id, claims.pricedByStaffId))
    .where(eq(claims.entryId, entryId))
    .orderBy(asc(claims.position));
  const [approved] = await db
    .select({ staffId: staffMembers.id, staffName: staffMembers.name, at: entries.approvedAt })
    .from(entries)
    .innerJoin(staffMembers, eq(staffMembers.id, entries.approvedByStaffId))
    .where(eq(entries.id, entryId));
  const [assigned] = await db
    .select({ staffId: staffMembers.id, staffName: staffMembers.name, at: entries.assignedAt })
    .from(entries)
    .innerJoin(staffMembers, eq(staffMembers.id, entries.assigneeStaffId))
    .where(eq(entries.id, entryId));
  const stamp = (row: { staffId: number; staffName: string; at: Date | null }) =>
    row.at === null ? null : { staff_id: row.staffId, staff_name: row.staffName, at: drfDateTime(row.at) };
  return {
    pricing: priced.flatMap((row) => {
      const pricedBy = stamp(row);
      return pricedBy === null ? [] : [{ claim_id: row.claimId, priced_by: pricedBy }];
    }),
    approval: approved === undefined ? null : stamp(approved),
    assignee: assigned === undefined ? null : stamp(assigned),
  };
}

/** Any applicant's upload, for staff (404 for an unknown id); the viewing is audited. */
export async function uploadForStaff(ctx: AppContext, staff: StaffPrincipal, id: number): Promise<Upload> {
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, id));
  if (row === undefined) throw notFound();
  await writeAudit(ctx.db, {
    event: 'upload.viewed_by_staff',
    at: ctx.now(),
    actor: staffActor(staff.id),
    subjectType: 'upload',
    subjectId: String(row.id),
    data: { user_id: row.userId, kind: row.kind, name: row.name },
  });
  return row;
}

/**
 * `POST /api/staff/users/{id}/identity/`: confirmed with its valid date (not before today in Japan)
 * or inadequate with the reason, only from 確認中 (400 naming the current status otherwise). The
 * shared `reviewIdentity` (identity-review/review.ts) writes it and `identity.reviewed`.
 */
export async function decideIdentity(
  ctx: AppContext,
  staff: StaffPrincipal,
  userId: number,
  decision: StaffIdentityDecision,
): Promise<StaffApplicant> {
  const confirmed = decision.decision === 'confirmed';
  try {
    const { user } = await reviewIdentity(ctx.db, {
      userId,
      status: confirmed ? 'confirmed' : 'inadequate',
      validDate: confirmed ? (decision.valid_date ?? '').trim() : undefined,
      ...(confirmed ? {} : { reason: (decision.reason ?? '').trim() }),
      requireStatus: REVIEW_STATUS.confirming,
      now: ctx.now(),
      actor: staffActor(staff.id),
    });
    return await staffApplicant(ctx.db, user);
  } catch (error) {
    if (!(error instanceof IdentityReviewError)) throw error;
    switch (error.reason.kind) {
      case 'notFound':
        throw notFound();
      case 'pastValidDate':
        throw fieldError('valid_date', STAFF_REVIEW_MESSAGES.validDatePast);
      case 'wrongStatus':
        throw new ValidationError({
          non_field_errors: [
            STAFF_REVIEW_MESSAGES.identityNotConfirming(REVIEW_STATUS_LABELS[reviewStatusOrDefault(error.reason.current)]),
          ],
        });
    }
  }
}
