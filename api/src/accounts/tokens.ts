import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../context';
import { oneTimeTokens, type OneTimeToken, type OneTimeTokenPurpose } from '../db/schema';

/** How long a mailed link works. */
export const TOKEN_LIFETIME_MS: Readonly<Record<OneTimeTokenPurpose, number>> = {
  activation: 72 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  mail_change: 24 * 60 * 60 * 1000,
};

/** 32 random bytes, base64url (43 characters): the secret of a cookie or a mailed link. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * SHA-256 (hex) of a token: what the database keeps instead of the token. One-shot `crypto.hash`
 * (Node ≥ 20.12): every request of a logged-in user hashes its session cookie.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/**
 * A new session's token and the columns its row starts with, the same for applicants' sessions
 * (sessions.ts) and staff sessions (staff-sessions.ts): the token's hash as the id, the times, and
 * the client it came from (the user agent cut to 500 characters).
 */
export function newSessionRow(now: Date, client: { ip?: string | undefined; userAgent?: string | undefined }) {
  const token = randomToken();
  const row = {
    id: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  };
  return { token, row };
}

/** The user id in a link, as Django writes it: urlsafe base64 of the decimal id, without padding. */
export const encodeUid = (userId: number): string => Buffer.from(String(userId)).toString('base64url');

/** The user id of a link's `uid`, or undefined when it is not one. */
export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Stores a new single-use token for the user and returns it (only its hash is kept). */
export async function createOneTimeToken(db: Db, userId: number, purpose: OneTimeTokenPurpose, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

export type TokenLookup =
  | { readonly status: 'valid'; readonly token: OneTimeToken }
  | { readonly status: 'used'; readonly token: OneTimeToken }
  | { readonly status: 'expired' | 'unknown' };

/** What a presented token is, for this user and purpose (it is not spent). */
export async function findOneTimeToken(
  db: Db,
  userId: number,
  purpose: OneTimeTokenPurpose,
  token: string,
  now: Date,
): Promise<TokenLookup> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)));
  if (row === undefined) return { status: 'unknown' };
  if (row.usedAt !== null) return { status: 'used', token: row };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  return { status: 'valid', token: row };
}

/**
 * Spends a token: true for the one caller that marks it used while it is still valid (two
 * concurrent requests with the same link cannot both succeed).
 */
export async function spendOneTimeToken(db: Db, tokenId: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return spent.length === 1;
}

/** Marks every unused token of this purpose of the user as used (e.g. after a password change). */
export async function revokeOneTimeTokens(db: Db, userId: number, purpose: OneTimeTokenPurpose, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
