import type {
  StaffApplicantDetail,
  StaffApplicantSearch,
  StaffApplicantSearchQuery,
  StaffIdentityQueue,
  StaffIdentityQueueQuery,
  StaffNote,
  StaffNoteRequest,
} from '@app/contracts';
import { CLAIM_STATUS, ENTRY_STATUSES_PENDING_BEFORE_CONTRACT, REVIEW_STATUS, reviewStatusOrDefault } from '@app/contracts/domain';
import { and, asc, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { drfDateTime, findUserById } from '../../accounts/users';
import { staffActor, writeAudit } from '../../audit';
import type { AppContext, Db } from '../../context';
import { entries, mailLog, staffMembers, staffNotes, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { StaffPrincipal } from '../../http/staff-session';
import { corporationKey, searchKey } from '../lookups/search-key';
import { staffApplicant } from '../staff-review/service';

/**
 * The operations desk (issue 25): the applicant search, one applicant's page, staff notes and the
 * identity queue. Every staff member may read any applicant here (as in the entry view); the notes
 * are staff-only data that no applicant endpoint reads.
 */

const OPEN_STATUSES = [...ENTRY_STATUSES_PENDING_BEFORE_CONTRACT];
// Written out with the table named: in a select from one table drizzle leaves columns unqualified.
const openEntryCount = sql<number>`(select count(*)::int from entries open_entries where open_entries.user_id = users.id and open_entries.status in (${sql.join(
  OPEN_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;
const delinquent = sql<boolean>`exists (select 1 from entries delayed_entries join claims on claims.entry_id = delayed_entries.id where delayed_entries.user_id = users.id and claims.status = ${CLAIM_STATUS.delay})`;

/** `%`, `_` and `\` typed in a query are matched as themselves. */
const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** What a phone number may be typed with; such a query is also matched as digits. */
const PHONE_LIKE = /^[\d\s()+\-‐‑‒–—―−ｰ－ー（）]+$/u;

/**
 * The conditions of `q`, each the start of an indexed key (migration 0010): the company name without
 * its legal form, the family + given name, the given name, the mail address, the phone numbers as
 * digits; and a 申込番号 as a whole. Null when `q` is empty.
 */
function queryCondition(q: string): SQL | undefined {
  const text = q.normalize('NFKC').trim();
  if (text === '') return undefined;
  const conditions: SQL[] = [];
  const company = corporationKey(text);
  if (company !== '') conditions.push(sql`tsumugi_corporation_key(${users.companyName}) like ${likePrefix(company)}`);
  const name = searchKey(text);
  if (name !== '') {
    conditions.push(sql`tsumugi_search_key(${users.lastName} || ${users.firstName}) like ${likePrefix(name)}`);
    conditions.push(sql`tsumugi_search_key(${users.firstName}) like ${likePrefix(name)}`);
  }
  conditions.push(sql`lower(${users.email}) like ${likePrefix(text.toLowerCase())}`);
  const digits = text.replace(/\D/g, '');
  if (PHONE_LIKE.test(text) && digits.length >= 2) {
    conditions.push(sql`tsumugi_phone_key(${users.officePhone}) like ${likePrefix(digits)}`);
    conditions.push(sql`tsumugi_phone_key(${users.ownerPhone}) like ${likePrefix(digits)}`);
  }
  conditions.push(sql`users.id in (select coded.user_id from entries coded where coded.code = ${text.toUpperCase()})`);
  return or(...conditions);
}

/** `GET /api/staff/applicants/`: newest applicants first, `limit` a page, keyset on the id. */
export async function searchApplicants(db: Db, query: StaffApplicantSearchQuery): Promise<StaffApplicantSearch> {
  const conditions: (SQL | undefined)[] = [queryCondition(query.q ?? '')];
  if (query.identity !== undefined) conditions.push(eq(users.identityConfirmation, REVIEW_STATUS[query.identity]));
  if (query.open_entry === 'true') conditions.push(sql`${openEntryCount} > 0`);
  if (query.delinquent === 'true') conditions.push(delinquent);
  if (query.cursor !== undefined) conditions.push(lt(users.id, query.cursor));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      corporateDivision: users.corporateDivision,
      officePhone: users.officePhone,
      createdAt: users.createdAt,
      identityConfirmation: users.identityConfirmation,
      openEntryCount,
      delinquent,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    results: page.map((row) => ({
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      company_name: row.companyName,
      corporate_division: row.corporateDivision,
      office_phone: row.officePhone,
      created_at: drfDateTime(row.createdAt),
      identity_confirmation: reviewStatusOrDefault(row.identityConfirmation),
      open_entry_count: row.openEntryCount,
      delinquent: row.delinquent,
    })),
    next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

const toNote = (row: { id: number; body: string; createdAt: Date; staffId: number; staffName: string }): StaffNote => ({
  id: row.id,
  body: row.body,
  created_at: drfDateTime(row.createdAt),
  staff_id: row.staffId,
  staff_name: row.staffName,
});

/** The mails of the record, newest first: at most this many on the applicant page. */
const MAILS_SHOWN = 100;

/** `GET /api/staff/applicants/{id}/`: the profile and identity, every entry, the mails sent, the notes (404 for an unknown id). */
export async function applicantDetail(db: Db, id: number): Promise<StaffApplicantDetail> {
  const user = await findUserById(db, id);
  if (user === undefined) throw notFound();
  const [applicant, entryRows, mails, notes] = await Promise.all([
    staffApplicant(db, user),
    db.select().from(entries).where(eq(entries.userId, id)).orderBy(desc(entries.createdAt), desc(entries.id)),
    db.select().from(mailLog).where(eq(mailLog.userId, id)).orderBy(desc(mailLog.sentAt), desc(mailLog.id)).limit(MAILS_SHOWN),
    notesOf(db, id),
  ]);
  return {
    applicant,
    created_at: drfDateTime(user.createdAt),
    entries: entryRows.map((entry) => ({
      id: entry.id,
      code: entry.code,
      status: entry.status as StaffApplicantDetail['entries'][number]['status'],
      created_at: drfDateTime(entry.createdAt),
      purchase_amount_desired: entry.purchaseAmountDesired,
    })),
    mails: mails.map((mail) => ({ id: mail.id, to: mail.toAddress, subject: mail.subject, sent_at: drfDateTime(mail.sentAt) })),
    notes,
  };
}

async function notesOf(db: Db, userId: number): Promise<StaffNote[]> {
  const rows = await db
    .select({
      id: staffNotes.id,
      body: staffNotes.body,
      createdAt: staffNotes.createdAt,
      staffId: staffMembers.id,
      staffName: staffMembers.name,
    })
    .from(staffNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, staffNotes.staffMemberId))
    .where(eq(staffNotes.userId, userId))
    .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id));
  return rows.map(toNote);
}

/** `POST /api/staff/applicants/{id}/notes/`: the note and its audit row in one transaction (404 for an unknown id). */
export async function addNote(ctx: AppContext, staff: StaffPrincipal, userId: number, request: StaffNoteRequest): Promise<StaffNote> {
  const now = ctx.now();
  const body = request.body.trim();
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (user === undefined) throw notFound();
    const [note] = await tx.insert(staffNotes).values({ userId, staffMemberId: staff.id, body, createdAt: now }).returning();
    if (note === undefined) throw new Error('the note was not stored');
    await writeAudit(tx, {
      event: 'applicant.note_added',
      at: now,
      actor: staffActor(staff.id),
      subjectType: 'user',
      subjectId: String(userId),
      data: { note_id: note.id, length: [...body].length },
    });
    return toNote({ id: note.id, body: note.body, createdAt: note.createdAt, staffId: staff.id, staffName: staff.name });
  });
}

/** `GET /api/staff/identity-queue/`: identities 確認中, the oldest submission first (never submitted through the profile: first of all). */
export async function identityQueue(db: Db, query: StaffIdentityQueueQuery): Promise<StaffIdentityQueue> {
  const submittedAt = sql<Date | null>`(select max(audit_log.occurred_at) from audit_log where audit_log.event = 'identity.submitted' and audit_log.subject_type = 'user' and audit_log.subject_id = ${users.id}::text)`;
  const confirming = eq(users.identityConfirmation, REVIEW_STATUS.confirming);
  const rows = await db
    .select({ user: users, submittedAt: sql<string | null>`${submittedAt}` })
    .from(users)
    .where(confirming)
    .orderBy(sql`${submittedAt} asc nulls first`, asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ value: count() }).from(users).where(confirming);
  const results = await Promise.all(
    rows.map(async ({ user, submittedAt: at }) => ({
      applicant: await staffApplicant(db, user),
      submitted_at: at === null ? null : drfDateTime(new Date(at)),
    })),
  );
  return { count: total?.value ?? 0, results };
}
