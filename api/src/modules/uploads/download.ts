import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { Upload } from '../../db/schema';
import { notFound } from '../../http/errors';
import { safeFileName } from './file-name';

/**
 * RFC 5987 `filename*` for a Japanese name, plus an ASCII fallback; both carry the extension of the
 * stored type (file-name.ts), also for a row stored before that rule.
 */
function attachment(storedName: string, contentType: string): string {
  const name = safeFileName(storedName, contentType);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** What a download needs: an upload row, or a file the API wrote itself (the signed contract: size unknown, null). */
export type StoredFile = Pick<Upload, 'storageKey' | 'contentType' | 'name'> & { readonly size: number | null };

/**
 * An uploaded file as a download, for its owner and for staff alike: served as an attachment, never
 * rendered by the browser — the stored type (decided from the bytes), a name with that type's
 * extension, nosniff (every answer), a sandbox CSP in case it is opened anyway, never cached. A row whose object is gone is 404.
 */
export async function sendStoredFile(ctx: AppContext, reply: FastifyReply, row: StoredFile): Promise<Readable> {
  const body = await ctx.storage.get(row.storageKey);
  if (body === null) throw notFound();
  if (row.size !== null) reply.header('Content-Length', String(row.size));
  reply
    .header('Content-Type', row.contentType)
    .header('Content-Disposition', attachment(row.name, row.contentType))
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store');
  return body;
}
