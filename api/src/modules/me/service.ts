import { and, eq, isNull } from 'drizzle-orm';
import type { Me } from '@app/shared/contracts';
import { findUserById, profileFilesOf, toMe } from '../../accounts/users';
import type { AppContext } from '../../context';
import { users, type User } from '../../db/schema';

/** A visitor's answer to POST /api/me/: no id and no version, which the client reads as logged out. */
export type VisitorMe = Record<string, never>;

export const currentUser = async (ctx: AppContext, user: User | null): Promise<Me | VisitorMe> =>
  user === null ? {} : toMe(user, await profileFilesOf(ctx.db, user.id));

/**
 * Records the first visit to the entry page after the address was confirmed
 * (`visited_at_entry_page_after_mail_verification`); later visits keep the first time.
 */
export async function markEntryPageVisited(ctx: AppContext, user: User): Promise<Me> {
  await ctx.db
    .update(users)
    .set({ visitedAtEntryPageAfterMailVerification: ctx.now() })
    .where(and(eq(users.id, user.id), isNull(users.visitedAtEntryPageAfterMailVerification)));
  const updated = await findUserById(ctx.db, user.id);
  if (updated === undefined) throw new Error(`user ${user.id} vanished`);
  return toMe(updated, await profileFilesOf(ctx.db, user.id));
}
