import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { ENTRY_LIFE_MESSAGES } from '@app/contracts';
import { ApiError } from '../../http/errors';
import { checkKey } from '../../storage/keys';
import type { ObjectStorage } from '../../storage/storage';
import { sendStoredFile } from '../uploads/download';

/**
 * Where the signed contract PDF lives: in the app's object storage (the same store as the uploads,
 * local directory or S3), under `contracts/<entry id>/<uuid>`, a key `entries.contract_document_key`
 * holds. It is not an upload (no `uploads` row: the applicant cannot list or delete it), and the
 * storage sweep leaves it alone (it only removes objects with an upload's key shape).
 */

/** A new key for the contract of the entry (random, so a retried contract never overwrites a kept one). */
export const newContractDocumentKey = (entryId: number): string => checkKey(`contracts/${entryId}/${randomUUID()}`);

/** Stores the PDF under a new key; the key. */
export async function storeContractDocument(storage: ObjectStorage, entryId: number, pdf: Buffer): Promise<string> {
  const key = newContractDocumentKey(entryId);
  await storage.put(key, Readable.from([pdf]));
  return key;
}

/** The file name the download offers: `契約書_E-000021.pdf`. */
export const contractDocumentName = (entryCode: string): string => `契約書_${entryCode}.pdf`;

/**
 * The contract PDF of an entry as a download (attachment, nosniff, sandbox CSP: the uploads'
 * helper), for the applicant's and the staff's routes. 404 when the entry has none yet
 * (`noContractDocument`), or its object is gone.
 */
export async function sendContractDocument(
  ctx: AppContext,
  reply: FastifyReply,
  entry: { readonly code: string; readonly contractDocumentKey: string | null },
): Promise<Readable> {
  if (entry.contractDocumentKey === null) throw new ApiError(404, { detail: ENTRY_LIFE_MESSAGES.noContractDocument });
  return sendStoredFile(ctx, reply, {
    storageKey: entry.contractDocumentKey,
    contentType: 'application/pdf',
    name: contractDocumentName(entry.code),
    size: null,
  });
}
