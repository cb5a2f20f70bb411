import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Me } from '@app/contracts';
import { LIVE_SESSION, liveSessionParams, preparedFor, touchSession } from '../../accounts/sessions';
import { findUserById, ME_USER_COLUMNS, profileFilesOf, toMe, type AttachedFile } from '../../accounts/users';
import type { AppContext } from '../../context';
import type { AppDrizzle } from '../../db/database';
import { directStatement } from '../../db/direct';
import { packed, packedRows } from '../../db/packed';
import { sessions, uploads, users, type User } from '../../db/schema';

/** A visitor's answer to POST /api/me/: no id and no version, which the client reads as logged out. */
export type VisitorMe = Record<string, never>;

/**
 * POST /api/me/ is the first call of every page: one named statement run by node-postgres directly
 * (db/direct.ts: built once per database handle, planned once per connection) finds the live session
 * (the same condition as every session lookup: accounts/sessions.ts), only the user columns `toMe`
 * reads, and the files attached to the profile, in their order (oldest attachment first, then by id).
 * Each of the three comes back as one json column (db/packed.ts): node-postgres describes and sets up
 * every result column on every execution, and thirty-odd columns were a measurable share of the
 * request (issue 12).
 */
const SESSION_COLUMNS = {
  // What touchSession reads (the id is the token's hash, a parameter of the query already).
  persistent: sessions.persistent,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
};
const FILE_COLUMNS = {
  id: uploads.id,
  kind: uploads.kind,
  name: uploads.name,
  content_type: uploads.contentType,
  side: uploads.side,
};
const meStatement = (db: AppDrizzle) =>
  directStatement(
    db,
    'current_user_me',
    {
      session: packed(SESSION_COLUMNS),
      user: packed(ME_USER_COLUMNS),
      files: packedRows(
        FILE_COLUMNS,
        sql`from ${uploads} where ${uploads.userId} = ${users.id} and ${uploads.profileAttachedAt} is not null`,
        sql`${uploads.profileAttachedAt}, ${uploads.id}`,
      ),
    },
    (select) => select.from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(LIVE_SESSION),
  );
const meStatements = new WeakMap<AppDrizzle, ReturnType<typeof meStatement>>();

/**
 * POST /api/me/ of the session cookie's token: the current user, or `{}` for a visitor (no cookie,
 * or a session that is not live). Slides a browser session as any authenticated request does.
 */
export async function currentUserOf(ctx: AppContext, token: string | undefined): Promise<Me | VisitorMe> {
  if (token === undefined || token === '') return {};
  const now = ctx.now();
  const params = liveSessionParams(token, now);
  const [row] = await preparedFor(meStatements, ctx.db, meStatement).execute(params);
  if (row === undefined) return {};
  await touchSession(ctx.db, { id: params.id, ...row.session }, now);
  const files = row.files.map((file): AttachedFile => ({ ...file, side: file.side ?? null }));
  return toMe(row.user, files);
}

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
