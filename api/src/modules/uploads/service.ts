import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  UPLOAD_MAX_USER_BYTES,
  UPLOAD_MESSAGES,
  endpoints,
  UploadRequestFieldsSchema,
  acceptedContentTypes,
  type Upload,
  type UploadRequestFields,
  validationErrorBody,
} from '@app/contracts';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { safeParse } from 'zod/mini';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { entryFiles, uploads, type Upload as UploadRow, type User } from '../../db/schema';
import { ApiError, ValidationError, fieldError, notFound } from '../../http/errors';
import { lockKeys } from '../../http/rate-limit';
import { safeFileName } from './file-name';
import { newUploadKey } from '../../storage/keys';

/** The multipart field that carries the file. */
/** The multipart part of the file, as the endpoint names it. */
export const FILE_FIELD = endpoints.uploads.create.spec.multipartFile;
/** Bytes read before deciding the type: file-type's own sample size. */
const SNIFF_BYTES = 4100;

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    kind: row.kind as Upload['kind'],
    side: row.side,
    name: row.name,
    content_type: row.contentType,
    size: row.size,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** Control characters (C0, DEL, C1) and bidirectional overrides/marks: never part of a name shown. */
const CONTROL_OR_BIDI = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const NAME_MAX = 200;

/**
 * The name kept for display: NFC, no control or bidi characters, at most 200 characters (the
 * extension kept). A name with a path in it is refused: browsers send the bare name.
 */
export function displayName(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC').replace(CONTROL_OR_BIDI, '').trim();
  if (/[/\\]/.test(name) || name === '.' || name === '..') throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.pathInName);
  if (name === '') return 'ファイル';
  const chars = [...name];
  if (chars.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return chars.slice(0, NAME_MAX - [...extension].length).join('') + extension;
}

/** The first bytes of a stream, and a stream of all of it (the head put back in front). */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const whole = Readable.from(
    (async function* () {
      yield head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) return;
        yield next.value;
      }
    })(),
  );
  return { head, whole };
}

/** A CSV (internet-banking statement): text without NUL bytes that is not markup, with a separator. */
function looksLikeCsv(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  const start = head.subarray(0, 200).toString('latin1').trimStart().toLowerCase();
  if (start.startsWith('<') || start.startsWith('%pdf')) return false;
  return head.includes(0x2c) || head.includes(0x09) || head.includes(0x0a);
}

/** What the bytes are, when it is a type the kind accepts (else undefined). */
async function detectType(head: Buffer, kind: UploadRequestFields['kind']): Promise<string | undefined> {
  const accepted = acceptedContentTypes(kind);
  const detected = await fileTypeFromBuffer(head);
  if (detected !== undefined) return accepted.includes(detected.mime) ? detected.mime : undefined;
  return accepted.includes('text/csv') && looksLikeCsv(head) ? 'text/csv' : undefined;
}

const isTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Stores one uploaded file: the text fields (`kind`, `side`) must come before the file part. The
 * file is streamed to storage (never held whole in memory); its type is decided by its first bytes;
 * the row is written only once the object is complete, and the object is removed again if the row
 * cannot be written. The quota is checked before streaming (a full account wastes no upload) and
 * reserved in the row's transaction under a per-applicant advisory lock, re-summed there, so
 * parallel uploads cannot overshoot it. Any refusal stores nothing and leaves the user's other files as they were.
 */
export async function createUpload(
  ctx: AppContext,
  user: User,
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
): Promise<Upload> {
  const fields: Record<string, unknown> = {};
  let stored: Upload | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const file = part;
      if (file.fieldname !== FILE_FIELD || stored !== undefined) {
        file.file.resume();
        continue;
      }
      stored = await storeFile(ctx, user, fields, file);
    }
  } catch (error) {
    if (stored !== undefined) await removeUpload(ctx, user, stored.id).catch(() => undefined);
    if (error instanceof ApiError) throw error;
    if (isTooLarge(error)) throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.tooLarge);
    // A body that ends before the form does (connection dropped, truncated request).
    if (error instanceof Error && /Unexpected end of (form|multipart data)|Part terminated early|premature close/i.test(error.message)) {
      throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.interrupted);
    }
    throw error;
  }
  if (stored === undefined) throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.noFile);
  return stored;
}

async function storeFile(ctx: AppContext, user: User, fields: Record<string, unknown>, file: MultipartFile): Promise<Upload> {
  const checked = safeParse(UploadRequestFieldsSchema, fields);
  if (!checked.success) {
    file.file.resume();
    throw new ValidationError(validationErrorBody(checked.error.issues));
  }
  const { kind, side } = checked.data;
  let name: string;
  try {
    name = displayName(file.filename);
  } catch (error) {
    file.file.resume();
    throw error;
  }
  const [usage] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint` })
    .from(uploads)
    .where(eq(uploads.userId, user.id));
  const used = Number(usage?.total ?? 0);
  const quota = ctx.uploadQuotaBytes ?? UPLOAD_MAX_USER_BYTES;
  if (used >= quota) {
    file.file.resume();
    throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.quota);
  }

  const { head, whole } = await peek(file.file, SNIFF_BYTES);
  if (head.length === 0) throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.empty);
  const contentType = await detectType(head, kind);
  if (contentType === undefined) {
    whole.resume();
    throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.unsupported(kind));
  }

  const storageKey = newUploadKey(user.id);
  const object = await ctx.storage.put(storageKey, whole);
  // Received and stored, whether or not the checks below keep it (metrics/registry.ts).
  ctx.metrics?.uploadBytes.inc(object.size);
  if (file.file.truncated) {
    await discard(ctx, storageKey);
    throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.tooLarge);
  }
  if (used + object.size > quota) {
    await discard(ctx, storageKey);
    throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.quota);
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      // The sum read above is stale once other uploads of this applicant commit: the reservation is
      // here, under a lock per applicant (every API process takes part), re-summed before the row.
      await lockKeys(tx, [`uploads:quota:${user.id}`]);
      const [current] = await tx
        .select({ total: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint` })
        .from(uploads)
        .where(eq(uploads.userId, user.id));
      if (Number(current?.total ?? 0) + object.size > quota) throw fieldError(FILE_FIELD, UPLOAD_MESSAGES.quota);
      const [row] = await tx
        .insert(uploads)
        .values({
          userId: user.id,
          kind,
          side: side ?? null,
          name: safeFileName(name, contentType),
          contentType,
          size: object.size,
          sha256: object.sha256,
          storageKey,
          createdAt: ctx.now(),
        })
        .returning();
      if (row === undefined) throw new Error('insert returned no row');
      await writeAudit(tx, {
        event: 'upload.created',
        at: ctx.now(),
        userId: user.id,
        data: { upload: row.id, kind, side: side ?? null, contentType, size: object.size, sha256: object.sha256 },
      });
      return toUpload(row);
    });
  } catch (error) {
    await discard(ctx, storageKey);
    throw error;
  }
}

/**
 * Removes an object no row refers to. If that fails too, the caller's own error is what matters:
 * the object is an orphan, which the storage sweep (storage/sweep.ts) removes later.
 */
async function discard(ctx: AppContext, storageKey: string): Promise<void> {
  await ctx.storage.delete(storageKey).catch(() => undefined);
}

const ownUpload = (user: User, id: number) => and(eq(uploads.id, id), eq(uploads.userId, user.id));

/** The user's own file row, or 404 (another user's file is "not found" too). */
export async function findOwnUpload(ctx: AppContext, user: User, id: number): Promise<UploadRow> {
  const [row] = await ctx.db.select().from(uploads).where(ownUpload(user, id));
  if (row === undefined) throw notFound();
  return row;
}

export async function listUploads(ctx: AppContext, user: User): Promise<Upload[]> {
  const rows = await ctx.db.select().from(uploads).where(eq(uploads.userId, user.id)).orderBy(uploads.createdAt, uploads.id);
  return rows.map(toUpload);
}

/**
 * Deletes the user's own file: the row (and its audit entry) in a transaction, then the object.
 * In that order a row never points at a missing object; if the object cannot be removed (or the
 * process dies first), it is an orphan that the storage sweep (storage/sweep.ts) removes.
 */
export async function removeUpload(ctx: AppContext, user: User, id: number): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    // A file submitted with the profile (an identity document under review) or with an entry stays: it is replaced by submitting another.
    const submittedWithEntry = tx.select({ uploadId: entryFiles.uploadId }).from(entryFiles).where(eq(entryFiles.uploadId, uploads.id));
    const [deleted] = await tx
      .delete(uploads)
      .where(and(ownUpload(user, id), isNull(uploads.profileAttachedAt), notExists(submittedWithEntry)))
      .returning();
    if (deleted === undefined) {
      const [kept] = await tx.select({ id: uploads.id }).from(uploads).where(ownUpload(user, id));
      throw kept === undefined ? notFound() : new ValidationError({ non_field_errors: [UPLOAD_MESSAGES.submitted] });
    }
    await writeAudit(tx, { event: 'upload.deleted', at: ctx.now(), userId: user.id, data: { upload: deleted.id, kind: deleted.kind } });
    return deleted;
  });
  await discard(ctx, row.storageKey);
}

/** Activates the user's own delinquency files; any other id (unknown, someone else's, another kind) → 400. */
export async function activateDelinquency(ctx: AppContext, user: User, ids: readonly number[]): Promise<Upload[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.userId, user.id), eq(uploads.kind, 'delinquency'), inArray(uploads.id, unique)));
  const found = new Set(rows.map((r) => r.id));
  const wrong = unique.filter((id) => !found.has(id));
  if (wrong.length > 0) throw new ValidationError({ ids: wrong.map((id) => UPLOAD_MESSAGES.notDelinquency(id)) });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(uploads)
      .set({ active: true })
      .where(and(eq(uploads.userId, user.id), inArray(uploads.id, unique)));
    await writeAudit(tx, { event: 'upload.delinquency_activated', at: ctx.now(), userId: user.id, data: { uploads: unique } });
  });
  const all = await listUploads(ctx, user);
  return all.filter((upload) => upload.kind === 'delinquency');
}
