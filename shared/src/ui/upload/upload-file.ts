// The API client's classes, cookie reader and CSRF names come from the `@app/shared` singleton (a
// self-reference), never from ../../api-client: a relative import would put a second copy of the
// client into every remote that uses this entry point, and `instanceof ValidationError` would then
// fail for errors of the other copy. The contracts and domain are stateless data, read directly.
import {
  ApiError,
  ContractError,
  CsrfError,
  NetworkError,
  STALE_CREDENTIALS_MESSAGE,
  ServerError,
  ValidationError,
  csrfHeaders,
  responseProblems,
  toApiError,
} from '@app/shared';
import { safeParse } from 'zod/mini';
import * as endpoints from '@app/contracts/endpoints';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, UploadSchema, type Upload, type UploadSide } from '@app/contracts/api/upload';
import { apiUploadKind, parseUploadKey } from '@app/contracts/domain/statuses';
import { UPLOAD_FIELD_MESSAGES } from './messages';

/** The multipart part that carries the file (sent last, after the text fields). */
/** The multipart part of the file, as the endpoint names it (UPLOAD_FILE_FIELD of the contracts). */
export const UPLOAD_FILE_FIELD = endpoints.uploads.create.spec.multipartFile;

export interface UploadProgress {
  /** Bytes sent so far. */
  readonly loaded: number;
  /** Bytes to send (the whole multipart body, so a little more than the file). */
  readonly total: number;
}

export interface UploadFileOptions {
  /** Which side of an identity document (`identity` only). */
  readonly side?: UploadSide | undefined;
  /** Called as the bytes go out. */
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborts the upload: the promise rejects with a DOMException named `AbortError`. */
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

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const hasDetail = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string';

/**
 * Uploads one file: `POST /api/uploads/` as multipart (`kind` = the key's part before the dash,
 * `side` for an identity document, the file last as UPLOAD_FILE_FIELD), with the session cookie and
 * `X-CSRFToken` echoed from the `csrftoken` cookie, like every call of the API client. Through
 * XMLHttpRequest, not fetch, because only XHR reports upload progress.
 *
 * Resolves with the `Upload` the API answers (parsed with its contract). Rejects with the client's
 * errors (spec §8): ValidationError (400: its message is the first non-field error, else the first
 * field error, else `detail`), NetworkError, CsrfError, ServerError (413 and others), ContractError;
 * or a DOMException `AbortError` when `signal` aborts. `uploadErrorMessage` turns any of them into
 * what to show.
 */
export function uploadFile(key: string, file: File | Blob, options: UploadFileOptions = {}): Promise<Upload> {
  const endpoint = endpoints.uploads.create;
  const url = endpoint.path;
  if (parseUploadKey(key) === null) return Promise.reject(new RangeError(`Unknown upload key: ${JSON.stringify(key)}`));
  const refused = checkFile(file);
  if (refused !== null) return Promise.reject(new ValidationError(url, { [UPLOAD_FILE_FIELD]: refused }, [], null));
  const { side, onProgress, signal } = options;
  if (signal?.aborted) return Promise.reject(abortError());

  const form = new FormData();
  form.append('kind', apiUploadKind(key));
  if (side !== undefined) form.append('side', side);
  // Last: the API streams the file and reads the text fields before it.
  if (file instanceof File) form.append(UPLOAD_FILE_FIELD, file, file.name);
  else form.append(UPLOAD_FILE_FIELD, file);

  return new Promise<Upload>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.open(endpoint.method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    for (const [name, value] of Object.entries(csrfHeaders(typeof document === 'undefined' ? '' : document.cookie)))
      xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => {
      settle();
      const { status } = xhr;
      const body = parseJson(xhr.responseText);
      if (status === endpoint.spec.success.status) {
        const parsed = safeParse(UploadSchema, body);
        if (parsed.success) return resolve(parsed.data);
        const error = new ContractError(endpoint.id, endpoint.method, url, status, responseProblems(UploadSchema, body));
        console.error(`[api contract] ${error.detail}`);
        return reject(error);
      }
      // A 413 from a proxy in front of the API has no `{detail}` of ours.
      if (status === 413 && !hasDetail(body)) return reject(new ServerError(url, status, UPLOAD_MESSAGES.tooLarge));
      reject(toApiError(endpoint, url, status, body));
    };
    xhr.onerror = () => {
      settle();
      reject(new NetworkError(url));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}

export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

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
