import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS } from '../../accounts/tokens';
import { writeAudit } from '../../audit';
import type { Db } from '../../context';
import { oneTimeTokens, users } from '../../db/schema';

/** The advisory-lock name of the hourly purge (jobs.ts). */
export const PURGE_JOB = 'purge_never_activated';
/** Accounts removed per run at most (the next run takes the rest): the transaction stays short. */
const PURGE_BATCH = 500;

/**
 * An account nobody ever activated whose activation link no longer works: never active, older
 * than the link's lifetime, and without an unused activation token that is still valid. Such an
 * account holds an address whose owner never confirmed it, with a password whoever registered
 * chose: it must not keep the address from its owner (issue 23).
 */
export function neverActivatedAndExpired(now: Date): SQL {
  const condition = and(
    eq(users.isActive, false),
    isNull(users.activatedAt),
    lte(users.createdAt, new Date(now.getTime() - TOKEN_LIFETIME_MS.activation)),
    sql`not exists (select 1 from ${oneTimeTokens} where ${oneTimeTokens.userId} = ${users.id} and ${oneTimeTokens.purpose} = 'activation' and ${oneTimeTokens.usedAt} is null and ${oneTimeTokens.expiresAt} > ${now.toISOString()})`,
  );
  if (condition === undefined) throw new Error('unreachable: and() of conditions');
  return condition;
}

/** Whether the account is one a new registration of its address replaces (neverActivatedAndExpired). */
export async function isNeverActivatedAndExpired(db: Db, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), neverActivatedAndExpired(now)));
  return row !== undefined;
}

/**
 * Removes never-activated accounts whose link expired (their tokens and sessions go with them,
 * ON DELETE CASCADE), each audited `account.registration_purged` with the address. Run hourly by
 * every API process under the job's advisory lock (server.ts, jobs.ts).
 */
export async function purgeNeverActivated(db: Db, now: Date): Promise<{ accounts: number }> {
  const batch = db.select({ id: users.id }).from(users).where(neverActivatedAndExpired(now)).limit(PURGE_BATCH);
  const removed = await db
    .delete(users)
    .where(and(inArray(users.id, batch), neverActivatedAndExpired(now)))
    .returning({ id: users.id, email: users.email, createdAt: users.createdAt });
  for (const account of removed) {
    await writeAudit(db, {
      event: 'account.registration_purged',
      at: now,
      actor: null,
      userId: account.id,
      data: { email: account.email, registered_at: account.createdAt.toISOString(), reason: 'activation link expired' },
    });
  }
  return { accounts: removed.length };
}
