import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Me } from '@app/shared/contracts';
import { LIVE_SESSION, liveSessionParams, preparedFor, touchSession } from '../../accounts/sessions';
import { findUserById, ME_USER_COLUMNS, profileFilesOf, toMe, type AttachedFile } from '../../accounts/users';
import type { AppContext, Db } from '../../context';
import { sessions, uploads, users, type User } from '../../db/schema';

/** A visitor's answer to POST /api/me/: no id and no version, which the client reads as logged out. */
export type VisitorMe = Record<string, never>;

/**
 * POST /api/me/ is the first call of every page: one prepared statement (built once per database
 * handle, planned once per connection) finds the live session (the same condition as every
 * session lookup: accounts/sessions.ts), only the user columns `toMe` reads, and the files attached
 * to the profile: one row per file (one row with no file when there is none), ordered here rather
 * than by PostgreSQL (a handful of rows; a plain index scan, no sort or aggregate in the plan).
 */
const meStatement = (db: Db) =>
  db
    .select({
      session: {
        id: sessions.id,
        persistent: sessions.persistent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      user: ME_USER_COLUMNS,
      file: {
        id: uploads.id,
        kind: uploads.kind,
        name: uploads.name,
        content_type: uploads.contentType,
        side: uploads.side,
        attachedAt: uploads.profileAttachedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(uploads, and(eq(uploads.userId, users.id), isNotNull(uploads.profileAttachedAt)))
    .where(LIVE_SESSION)
    .prepare('current_user_me');
const meStatements = new WeakMap<Db, ReturnType<typeof meStatement>>();

/**
 * POST /api/me/ of the session cookie's token: the current user, or `{}` for a visitor (no cookie,
 * or a session that is not live). Slides a browser session as any authenticated request does.
 */
export async function currentUserOf(ctx: AppContext, token: string | undefined): Promise<Me | VisitorMe> {
  if (token === undefined || token === '') return {};
  const now = ctx.now();
  const rows = await preparedFor(meStatements, ctx.db, meStatement).execute(liveSessionParams(token, now));
  const [first] = rows;
  if (first === undefined) return {};
  await touchSession(ctx.db, first.session, now);
  // profileFilesOf's order: oldest attachment first, then by id.
  const attached = rows.flatMap(({ file }) => (file === null ? [] : [file]));
  attached.sort((a, b) => (a.attachedAt?.getTime() ?? 0) - (b.attachedAt?.getTime() ?? 0) || a.id - b.id);
  const files = attached.map(({ id, kind, name, content_type, side }): AttachedFile => ({
    id,
    kind,
    name,
    content_type,
    side: side ?? null,
  }));
  return toMe(first.user, files);
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
