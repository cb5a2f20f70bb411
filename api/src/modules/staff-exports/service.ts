import { STAFF_EXPORTS, type StaffExportKind, type StaffExportQuery } from '@app/contracts';
import { CLAIM_STATUS, jstDateTime, maskedBankAccountText, nextDay, startOfJstDay, sumYen, toCsv } from '@app/contracts/domain';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { profileValuesOf } from '../../accounts/profile-columns';
import { staffActor, writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { claims, entries, users } from '../../db/schema';
import type { StaffPrincipal } from '../../http/staff-session';

const yenTotal = (values: readonly (string | null)[]): string => sumYen(values)?.toFixed(0) ?? '0';

/** The applicant as accounting names them: the company, else the person. */
const applicantName = (row: { companyName: string; lastName: string; firstName: string }): string =>
  row.companyName.trim() !== '' ? row.companyName : `${row.lastName} ${row.firstName}`.trim();

type ClaimFigures = Pick<typeof claims.$inferSelect, 'entryId' | 'status' | 'amount' | 'purchaseAmount' | 'purchaseFee' | 'bankCharge'>;

async function claimsOf(ctx: AppContext, entryIds: readonly number[]): Promise<Map<number, ClaimFigures[]>> {
  const byEntry = new Map<number, ClaimFigures[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await ctx.db
    .select({
      entryId: claims.entryId,
      status: claims.status,
      amount: claims.amount,
      purchaseAmount: claims.purchaseAmount,
      purchaseFee: claims.purchaseFee,
      bankCharge: claims.bankCharge,
    })
    .from(claims)
    .where(inArray(claims.entryId, [...entryIds]))
    .orderBy(asc(claims.position));
  for (const row of rows) byEntry.set(row.entryId, [...(byEntry.get(row.entryId) ?? []), row]);
  return byEntry;
}

/** The claims paid out with an entry (transferred, and later returned or delayed: they were paid). */
const PAID = new Set<number>([CLAIM_STATUS.transferred, CLAIM_STATUS.returned, CLAIM_STATUS.delay]);
/** The claims a contract bought. */
const BOUGHT = new Set<number>([CLAIM_STATUS.contracted, ...PAID]);

/**
 * The entries whose `at` (paid out, or contracted) falls in the period, oldest first, with their
 * applicant's name and their claims' figures.
 */
async function entriesBetween(ctx: AppContext, at: typeof entries.transferredAt | typeof entries.contractedAt, from: Date, until: Date) {
  const rows = await ctx.db
    .select({
      id: entries.id,
      code: entries.code,
      at,
      bankAccount: entries.bankAccount,
      contractPeriod: entries.contractPeriod,
      party: entries.contractParty,
      companyName: users.companyName,
      lastName: users.lastName,
      firstName: users.firstName,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(gte(at, from), lt(at, until)))
    .orderBy(asc(at), asc(entries.id));
  const figures = await claimsOf(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, claims: figures.get(row.id) ?? [] }));
}

/** The payouts made in the period (`entries.transferred_at`), oldest first. */
async function payoutRows(ctx: AppContext, from: Date, until: Date): Promise<string[][]> {
  const rows = await entriesBetween(ctx, entries.transferredAt, from, until);
  return rows.map((row) => {
    const paid = row.claims.filter((claim) => PAID.has(claim.status));
    return [
      row.at === null ? '' : jstDateTime(row.at),
      row.code,
      applicantName(row),
      String(paid.length),
      yenTotal(paid.map((claim) => claim.amount)),
      yenTotal(paid.map((claim) => claim.purchaseFee)),
      yenTotal(paid.map((claim) => claim.bankCharge)),
      yenTotal(paid.map((claim) => claim.purchaseAmount)),
      maskedBankAccountText(row.bankAccount) ?? '',
    ];
  });
}

/** The contracts signed in the period (`entries.contracted_at`), oldest first, with the party fixed at approval. */
async function contractRows(ctx: AppContext, from: Date, until: Date): Promise<string[][]> {
  const rows = await entriesBetween(ctx, entries.contractedAt, from, until);
  return rows.map((row) => {
    const bought = row.claims.filter((claim) => BOUGHT.has(claim.status));
    const party = row.party ?? profileValuesOf(row, ['company_name', 'last_name', 'first_name']);
    const representative = `${party.last_name} ${party.first_name}`.trim();
    return [
      row.at === null ? '' : jstDateTime(row.at),
      row.code,
      party.company_name.trim() !== '' ? party.company_name : representative,
      representative,
      String(bought.length),
      yenTotal(bought.map((claim) => claim.amount)),
      yenTotal(bought.map((claim) => claim.purchaseAmount)),
      yenTotal(bought.map((claim) => claim.purchaseFee)),
      row.contractPeriod ?? '',
    ];
  });
}

export interface StaffExport {
  readonly fileName: string;
  readonly csv: string;
  readonly rows: number;
}

/**
 * One export as CSV (csv.ts), audited `staff.export_downloaded` (which, the period, how many rows):
 * who took which accounting data out of the system, and when.
 */
export async function exportCsv(
  ctx: AppContext,
  staff: StaffPrincipal,
  kind: StaffExportKind,
  query: StaffExportQuery,
): Promise<StaffExport> {
  const from = startOfJstDay(query.from);
  const until = startOfJstDay(nextDay(query.to));
  const rows = kind === 'payouts' ? await payoutRows(ctx, from, until) : await contractRows(ctx, from, until);
  const definition = STAFF_EXPORTS[kind];
  await writeAudit(ctx.db, {
    event: 'staff.export_downloaded',
    at: ctx.now(),
    actor: staffActor(staff.id),
    subjectType: 'staff_member',
    subjectId: String(staff.id),
    data: { export: kind, from: query.from, to: query.to, rows: rows.length },
  });
  return {
    fileName: `${definition.file}_${query.from}_${query.to}.csv`,
    csv: toCsv([[...definition.header], ...rows]),
    rows: rows.length,
  };
}
