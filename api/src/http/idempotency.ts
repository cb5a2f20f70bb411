import { createHash, type Hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@app/contracts/api/headers';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, Db, IdempotencyTestSeam } from '../context';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './errors';

/**
 * Idempotent unsafe requests (issue 27; the IETF httpapi Idempotency-Key draft). An endpoint the
 * catalogue marks `idempotent` and a request with an `Idempotency-Key` header: the key is claimed
 * per user in PostgreSQL before the handler runs (`idempotency_keys`, so every API process sees it),
 * and the answer is kept with it for 24 h — a request with the same key and the same method, path
 * and body gets that answer again byte for byte (`Idempotent-Replayed: true`) and changes nothing;
 * with another request 422; while the first is still running 409. Only 2xx and 4xx answers are kept:
 * after a 5xx the key is free again, so the client may retry (after a crash, once the claim is
 * IDEMPOTENCY_ABANDONED_AFTER_MS old). Without the header
 * nothing of this runs.
 */

export type { IdempotencyTestSeam };

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still "in progress" after this long was left by a process that died mid-request (a
 * SIGKILL, a lost host): the key is free again, so the client's retry runs instead of a 409 for 24 h.
 * Longer than any request runs (an upload's idle limit restarts with each chunk, but even a large
 * file on a slow line is in well within this).
 */
export const IDEMPOTENCY_ABANDONED_AFTER_MS = 15 * 60 * 1000;
/** The job's name (jobs.ts runExclusiveJob: one API process at a time; wired in server.ts). */
export const IDEMPOTENCY_SWEEP_JOB = 'idempotency-keys';

export const IDEMPOTENCY_MESSAGES = {
  mismatch: 'この操作はすでに別の内容で受け付けています。画面を読み込み直して、もう一度操作してください。',
  inProgress: 'この操作はまだ処理中です。しばらくしてから結果をご確認ください。',
} as const;

/** The answer headers a replay repeats (besides the body's Content-Type). */
const KEPT_HEADERS = ['content-type', 'location', 'retry-after'] as const;

/** Whose key it is: a key of one user is never another's. */
export type IdempotencyOwner = `applicant:${number}` | `staff:${number}`;

/** The raw JSON body of a request, as it arrived (the JSON parser in app.ts keeps it for the fingerprint). */
const rawBodies = new WeakMap<FastifyRequest, string>();
export function keepRawBody(request: FastifyRequest, text: string): void {
  if (request.headers['idempotency-key'] !== undefined) rawBodies.set(request, text);
}

/** The request's key, if it sent one (validated by the route's header schema before the handler). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

/** sha256 of method, path (with its ids) and the body as sent: what "the same request" means. */
export function requestFingerprint(request: FastifyRequest, body: string | Buffer = rawBodies.get(request) ?? ''): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('hex');
}

/**
 * The fingerprint of a multipart request (an upload), hashed as its bytes stream by: the raw body
 * with the multipart boundary taken out — the same parts with the same file are the same request
 * whatever boundary the client drew for the retry. `watchWhenPiped()` starts observing (before the
 * handler reads the parts), `digest()` reads the rest of the body (whatever the handler left) and answers.
 */
export class MultipartFingerprint {
  private readonly hash: Hash;
  private readonly delimiter: Buffer;
  private carry = Buffer.alloc(0);
  private watching = false;

  constructor(private readonly request: FastifyRequest) {
    this.hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
    const type = request.headers['content-type'] ?? '';
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    this.delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`, 'latin1');
  }

  private readonly observe = (chunk: Buffer | string) => {
    const data = Buffer.concat([this.carry, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    const delimiter = this.delimiter;
    // Bytes from `safe` on may be the start of a delimiter that the next chunk completes: kept back.
    const safe = Math.max(0, data.length - (delimiter.length - 1));
    let from = 0;
    for (;;) {
      const at = delimiter.length > 2 ? data.indexOf(delimiter, from) : -1;
      if (at === -1) break;
      this.hash.update(data.subarray(from, at));
      from = at + delimiter.length;
    }
    const upTo = Math.max(from, safe);
    this.hash.update(data.subarray(from, upTo));
    this.carry = Buffer.from(data.subarray(upTo));
  };

  /** Observes the body from the moment a reader pipes it (@fastify/multipart pipes request.raw into busboy). */
  watchWhenPiped(): void {
    const raw: IncomingMessage = this.request.raw;
    const pipe = raw.pipe.bind(raw);
    raw.pipe = ((destination: NodeJS.WritableStream, options?: { end?: boolean }) => {
      // Once: the stream's own pipe again (the prototype's).
      delete (raw as { pipe?: unknown }).pipe;
      this.start();
      return pipe(destination, options);
    }) as typeof raw.pipe;
  }

  private start(): void {
    if (this.watching) return;
    this.watching = true;
    this.request.raw.on('data', this.observe);
  }

  /** Reads what is left of the body and answers the fingerprint. */
  async digest(): Promise<string> {
    const raw = this.request.raw;
    if (!raw.readableEnded) {
      this.start();
      raw.resume();
      await finished(raw, { writable: false });
    }
    raw.off('data', this.observe);
    return this.hash.update(this.carry).digest('hex');
  }
}

/** A kept answer. */
export interface StoredAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

type Claim = { readonly fresh: true } | { readonly fresh: false; readonly answer: StoredAnswer };
/** Known before the handler (a JSON body), or once the body has been read (multipart: MultipartFingerprint). */
type Fingerprint = string | MultipartFingerprint;
/** A multipart request's row holds this until its answer is kept. */
const PENDING = '';

/** Claims the key for this request, or says what the earlier request with the key answered. */
async function claim(ctx: AppContext, owner: IdempotencyOwner, key: string, fingerprint: Fingerprint): Promise<Claim> {
  const now = ctx.now();
  const ours = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await ctx.db
      .insert(idempotencyKeys)
      .values({
        owner,
        key,
        fingerprint: typeof fingerprint === 'string' ? fingerprint : PENDING,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { fresh: true };
    const [row] = await ctx.db.select().from(idempotencyKeys).where(ours);
    // Gone since (a 5xx freed it, or the sweep): claim it again.
    if (row === undefined) continue;
    if (row.expiresAt.getTime() <= now.getTime()) {
      // Expired but not swept yet: as if it were gone.
      await ctx.db.delete(idempotencyKeys).where(and(ours, lte(idempotencyKeys.expiresAt, now)));
      continue;
    }
    if (row.status === null || row.body === null) {
      if (row.createdAt.getTime() > now.getTime() - IDEMPOTENCY_ABANDONED_AFTER_MS)
        throw new ApiError(409, { detail: IDEMPOTENCY_MESSAGES.inProgress });
      // Abandoned by a process that died: as if it were gone.
      await ctx.db.delete(idempotencyKeys).where(and(ours, isNull(idempotencyKeys.status), lte(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    const mine = typeof fingerprint === 'string' ? fingerprint : await fingerprint.digest();
    if (row.fingerprint !== mine) throw new ApiError(422, { detail: IDEMPOTENCY_MESSAGES.mismatch });
    return { fresh: false, answer: { status: row.status, headers: row.headers ?? {}, body: row.body } };
  }
  throw new ApiError(409, { detail: IDEMPOTENCY_MESSAGES.inProgress });
}

async function keep(ctx: AppContext, owner: IdempotencyOwner, key: string, answer: StoredAnswer, fingerprint: string): Promise<void> {
  await ctx.db
    .update(idempotencyKeys)
    .set({ fingerprint, status: answer.status, headers: { ...answer.headers }, body: answer.body })
    .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

async function release(ctx: AppContext, owner: IdempotencyOwner, key: string): Promise<void> {
  await ctx.db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

function sendStored(reply: FastifyReply, answer: StoredAnswer, replayed: boolean): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.send(answer.body.length === 0 ? undefined : answer.body);
}

/** Serializes a body exactly as Fastify would for the reply's status (the route's response schema). */
function answerOf(reply: FastifyReply, status: number, body: unknown, extra: Readonly<Record<string, string>> = {}): StoredAnswer {
  reply.code(status);
  const serialized: unknown = body === undefined ? '' : reply.serialize(body);
  const bytes = Buffer.isBuffer(serialized) ? serialized : Buffer.from(String(serialized), 'utf8');
  const headers: Record<string, string> = { ...extra };
  if (bytes.length > 0) headers['content-type'] = 'application/json; charset=utf-8';
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  }
  return { status, headers, body: bytes };
}

/**
 * Runs a handler under the request's Idempotency-Key: replays the kept answer, or claims the key,
 * runs `run` and keeps its answer (a 2xx or a 4xx ApiError; a 5xx or any other error frees the key).
 * `run` returns the success status and body (`undefined`: no body).
 */
export async function runIdempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: IdempotencyOwner,
  key: string,
  run: () => Promise<{ status: number; body: unknown }>,
  multipart = false,
): Promise<FastifyReply> {
  const fingerprint: Fingerprint = multipart ? new MultipartFingerprint(request) : requestFingerprint(request);
  const claimed = await claim(ctx, owner, key, fingerprint);
  if (!claimed.fresh) return sendStored(reply, claimed.answer, true);
  let answer: StoredAnswer;
  try {
    await ctx.idempotencyTestSeam?.claimed?.(owner, key);
    if (typeof fingerprint !== 'string') fingerprint.watchWhenPiped();
    const { status, body } = await run();
    answer = answerOf(reply, status, body);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) {
      answer = answerOf(reply, error.statusCode, error.body, error.headers);
    } else {
      await release(ctx, owner, key).catch((releaseError: unknown) =>
        request.log.error({ err: releaseError }, 'freeing an Idempotency-Key failed'),
      );
      throw error;
    }
  }
  let kept: string;
  try {
    kept = typeof fingerprint === 'string' ? fingerprint : await fingerprint.digest();
  } catch (error) {
    // The body broke off before its end: nothing to compare a retry with.
    await release(ctx, owner, key);
    throw error;
  }
  await keep(ctx, owner, key, answer, kept);
  return sendStored(reply, answer, false);
}

/** Removes the keys past their 24 h. Run hourly by server.ts through runExclusiveJob. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  return (await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now))).rowCount ?? 0;
}

export { IDEMPOTENCY_KEY_HEADER };
