import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext, Db } from '../../context';
import { writeAudit } from '../../audit';
import { auditLog, entries } from '../../db/schema';
import { staffDigestMail, type StaffNotifyKind } from '../../mail/templates';

/**
 * Work arrives visibly (issue 25): a mail to STAFF_NOTIFY_EMAIL when an entry, a resubmission or a
 * signed contract comes in — a digest, at most one mail per kind per STAFF_NOTIFY_DIGEST_MINUTES.
 *
 * The audit log is the queue and the record at once: what arrived are its `entry.created`,
 * `entry.resubmitted` and `entry.contracted` rows; each mail sent is a `staff.notified` row naming
 * its kind and the last audit row it covered. A run takes the kind's advisory lock for its
 * transaction, so several API processes never mail the same rows twice; the mail is sent inside
 * that transaction, so a mail that could not be sent leaves no `staff.notified` row and its rows
 * are mailed by a later run.
 */
export const STAFF_NOTIFY_EVENTS = {
  received: 'entry.created',
  resubmitted: 'entry.resubmitted',
  contracted: 'entry.contracted',
} as const satisfies Record<StaffNotifyKind, string>;

export const STAFF_NOTIFY_KINDS = Object.keys(STAFF_NOTIFY_EVENTS) as StaffNotifyKind[];

/** Where staff mails go and how often at most (env STAFF_NOTIFY_EMAIL, STAFF_NOTIFY_DIGEST_MINUTES). */
export interface StaffNotifySettings {
  readonly to: string;
  readonly digestMinutes: number;
}

export const DEFAULT_STAFF_NOTIFY_DIGEST_MINUTES = 15;

/** The most codes one mail lists (the rest as a count: the queue has them all). */
const MAX_LISTED = 50;

interface Covered {
  readonly sentAt: Date;
  readonly throughId: number;
}

async function lastMail(tx: Db, kind: StaffNotifyKind): Promise<Covered | null> {
  const [row] = await tx
    .select({ at: auditLog.occurredAt, data: auditLog.data })
    .from(auditLog)
    .where(and(eq(auditLog.event, 'staff.notified'), sql`${auditLog.data}->>'kind' = ${kind}`))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (row === undefined) return null;
  return { sentAt: row.at, throughId: Number(row.data.through_audit_id) };
}

/** Sends the mail of one kind if one is due; resolves to whether it sent one. */
async function digestOf(ctx: AppContext, settings: StaffNotifySettings, kind: StaffNotifyKind): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-notify:${kind}`}, 0))`);
    const now = ctx.now();
    const last = await lastMail(tx, kind);
    if (last !== null && now.getTime() - last.sentAt.getTime() < settings.digestMinutes * 60_000) return false;
    const arrived = await tx
      .select({ id: auditLog.id, at: auditLog.occurredAt, entryId: auditLog.subjectId })
      .from(auditLog)
      .where(and(eq(auditLog.event, STAFF_NOTIFY_EVENTS[kind]), gt(auditLog.id, last?.throughId ?? 0)))
      .orderBy(asc(auditLog.id));
    if (arrived.length === 0) return false;
    const ids = arrived.flatMap((row) => (row.entryId === null ? [] : [Number(row.entryId)]));
    const codes = new Map(
      (ids.length === 0 ? [] : await tx.select({ id: entries.id, code: entries.code }).from(entries).where(inArray(entries.id, ids))).map(
        (row) => [String(row.id), row.code],
      ),
    );
    const items = arrived.map((row) => ({ code: codes.get(row.entryId ?? '') ?? '（取り消し済み）', at: row.at }));
    const throughId = arrived.at(-1)?.id ?? 0;
    await writeAudit(tx, {
      event: 'staff.notified',
      at: now,
      actor: null,
      subjectType: 'staff_notify',
      subjectId: kind,
      data: { kind, count: items.length, through_audit_id: throughId },
    });
    await ctx.mailer.send(
      staffDigestMail({
        to: settings.to,
        kind,
        items: items.slice(0, MAX_LISTED),
        total: items.length,
        digestMinutes: settings.digestMinutes,
        queueUrl: `${ctx.publicUrl()}/backoffice/queue`,
      }),
    );
    return true;
  });
}

/** Every kind's mail that is due (no-op without STAFF_NOTIFY_EMAIL); resolves to the kinds mailed. */
export async function sendStaffDigests(ctx: AppContext): Promise<StaffNotifyKind[]> {
  const settings = ctx.staffNotify;
  if (settings === undefined) return [];
  const sent: StaffNotifyKind[] = [];
  for (const kind of STAFF_NOTIFY_KINDS) if (await digestOf(ctx, settings, kind)) sent.push(kind);
  return sent;
}

const running = new WeakMap<AppContext, Set<Promise<unknown>>>();

/**
 * After an entry came (back) in or was signed: the due mails, without making the applicant wait
 * (a failure is logged; the server's minute job tries again).
 */
export function notifyStaffSoon(ctx: AppContext, log: (line: string) => void = (line) => console.error(`[api] ${line}`)): void {
  if (ctx.staffNotify === undefined) return;
  const pending = running.get(ctx) ?? new Set<Promise<unknown>>();
  running.set(ctx, pending);
  const run = sendStaffDigests(ctx)
    .catch((error: unknown) => log(`the staff digest failed: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every digest started by notifyStaffSoon has finished (tests, shutdown). */
export async function staffDigestsIdle(ctx: AppContext): Promise<void> {
  for (let pending = running.get(ctx); pending !== undefined && pending.size > 0; pending = running.get(ctx)) {
    await Promise.all([...pending]);
  }
}
