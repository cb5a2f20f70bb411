import type { AnyEndpoint, UploadProgress } from '@app/contracts/api/endpoint';
import type { RawAnswer } from './raw-answer';

/**
 * The multipart body of an endpoint, built from its contract: the text fields first (those given),
 * then the file as the part the endpoint names (`multipartFile`) — last, because the API streams the
 * file and reads the text fields before it.
 */
export function multipartBody(endpoint: AnyEndpoint, fields: object, file: Blob): FormData {
  const fileField = endpoint.spec.multipartFile;
  if (endpoint.spec.multipart === undefined || fileField === undefined) throw new Error(`${endpoint.id}: not a multipart upload`);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  if (file instanceof File) form.append(fileField, file, file.name);
  else form.append(fileField, file);
  return form;
}

export interface XhrRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: FormData;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
  /**
   * Given up after this long without a sign of life (no byte sent, no answer): a big file on a slow
   * line takes its time, so the limit restarts with each progress event instead of bounding the whole.
   */
  readonly idleTimeoutMs: number;
  /** The answer's headers, read as it arrives (the client's min-client-build check). */
  readonly onHeaders?: (header: (name: string) => string | null) => void;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one request through XMLHttpRequest — the only browser API that reports upload progress —
 * and resolves with what came back (never rejects): the status and body, or no status and why
 * (a DOMException: `AbortError` when the caller's signal aborted, `TimeoutError` after the idle
 * limit; the error event otherwise). The client reads the answer exactly as it reads fetch's.
 */
export function sendWithXhr(request: XhrRequest): Promise<RawAnswer> {
  const { signal, onProgress, idleTimeoutMs } = request;
  if (signal?.aborted)
    return Promise.resolve({ ok: false, status: null, data: undefined, error: new DOMException('The upload was aborted.', 'AbortError') });
  return new Promise<RawAnswer>((resolve) => {
    const xhr = new XMLHttpRequest();
    let why: unknown = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = (reason: DOMException) => {
      why ??= reason;
      xhr.abort();
    };
    const onAbortSignal = () => stop(new DOMException('The upload was aborted.', 'AbortError'));
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop(new DOMException('The API did not answer in time.', 'TimeoutError')), idleTimeoutMs);
    };
    const settle = (answer: RawAnswer) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbortSignal);
      resolve(answer);
    };
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      restartTimer();
      if (onProgress && event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      request.onHeaders?.((name) => xhr.getResponseHeader(name));
      const status = xhr.status;
      settle({ ok: status >= 200 && status < 300, status, data: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => settle({ ok: false, status: null, data: undefined, error: why ?? new TypeError('Network request failed') });
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () =>
      settle({ ok: false, status: null, data: undefined, error: why ?? new DOMException('The upload was aborted.', 'AbortError') });
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    restartTimer();
    xhr.send(request.body);
  });
}
