// The client and its error classes come from the `@app/shared` singleton (a self-reference), never
// from ../../api-client: a relative import would put a second copy of the client into every remote
// that uses this entry point, and `instanceof ValidationError` would then fail for errors of the
// other copy. The contracts and domain are stateless data, read directly.
import { ApiError, CsrfError, NetworkError, STALE_CREDENTIALS_MESSAGE, ServerError, ValidationError, api } from '@app/shared';
import * as endpoints from '@app/contracts/endpoints';
import type { UploadProgress } from '@app/contracts/api/endpoint';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, type Upload, type UploadSide } from '@app/contracts/api/upload';
import { parseUploadKey } from '@app/contracts/domain/statuses';
import { UPLOAD_FIELD_MESSAGES } from './messages';

export type { UploadProgress };

/** The multipart part of the file, as the endpoint names it (UPLOAD_FILE_FIELD of the contracts). */
export const UPLOAD_FILE_FIELD = endpoints.uploads.create.spec.multipartFile;

export interface UploadFileOptions {
  /** Which side of an identity document (`identity` only). */
  readonly side?: UploadSide | undefined;
  /** Called as the bytes go out. */
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborts the upload: the promise rejects with the client's NetworkError, its cause an `AbortError` (isAbortError). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Why a file is refused before it is sent: empty, or larger than the API takes. Null when it may go.
 * The same words as the API's, so the person reads one message whichever side refused it.
 */
export function checkFile(file: Pick<Blob, 'size'>): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > UPLOAD_MAX_FILE_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/**
 * Uploads one file: the API client's `api(endpoints.uploads.create, { fields, file })` (multipart
 * as the endpoint's contract says: `kind` = the key's part before the dash, `side` for an identity
 * document, the file last; its progress reported as the bytes go out), after the checks a page makes
 * before sending (a known key, not empty, not too large).
 *
 * Resolves with the `Upload` the API answers (parsed with its contract). Rejects with the client's
 * errors (spec §8): ValidationError (400: its message is the first non-field error, else the first
 * field error, else `detail`), NetworkError (also when `signal` aborts: isAbortError), CsrfError,
 * ServerError (413 and others), ContractError. `uploadErrorMessage` turns any of them into what to show.
 */
export async function uploadFile(key: string, file: File | Blob, options: UploadFileOptions = {}): Promise<Upload> {
  const endpoint = endpoints.uploads.create;
  const parsed = parseUploadKey(key);
  if (parsed === null) throw new RangeError(`Unknown upload key: ${JSON.stringify(key)}`);
  const refused = checkFile(file);
  if (refused !== null) throw new ValidationError(endpoint.path, { [UPLOAD_FILE_FIELD]: refused }, [], null);
  const { side, onProgress, signal } = options;
  try {
    return await api(endpoint, { fields: { kind: parsed.kind, side }, file, onProgress, signal });
  } catch (error) {
    // A proxy in front of the API refusing the body (413 without a `{detail}` of ours): the file is too large.
    if (error instanceof ServerError && error.status === 413 && error.detail === null)
      throw new ServerError(error.url, 413, UPLOAD_MESSAGES.tooLarge);
    throw error;
  }
}

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/** Whether the upload failed because its signal aborted it (nothing to show: the person or the page stopped it). */
export const isAbortError = (error: unknown): boolean => isAbort(error) || (error instanceof NetworkError && isAbort(error.cause));

/**
 * What to show for a failed upload: the server's message (the first non-field error, else the first
 * field error, else `detail`), the network message, or stale credentials for a CSRF failure.
 */
export function uploadErrorMessage(error: unknown): string {
  if (isAbortError(error)) return UPLOAD_FIELD_MESSAGES.aborted;
  if (error instanceof CsrfError) return STALE_CREDENTIALS_MESSAGE;
  if (error instanceof ApiError) return error.message;
  return UPLOAD_FIELD_MESSAGES.failed;
}
