/**
 * Reading an outside service (the 法人番号 Web-API, the site's WordPress): one GET with a deadline
 * and a size limit, and the reason of a failure in words for the log line. Every way it can fail is
 * an `OutsideServiceUnavailable` (or the fetch's own error, which `failureReason` puts in words); the
 * callers answer without the service (no suggestions, no news) rather than fail the request.
 */
export class OutsideServiceUnavailable extends Error {
  override name = 'OutsideServiceUnavailable';
}

/**
 * The answer of `url` as UTF-8 text: within `timeoutMs`, refused when not 2xx or past `maxBytes`
 * (by its Content-Length, or while reading).
 */
export async function fetchTextAtMost(url: string, options: { accept: string; timeoutMs: number; maxBytes: number }): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: options.accept } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new OutsideServiceUnavailable(`HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > options.maxBytes) throw new OutsideServiceUnavailable(`answer too large (${declared} bytes)`);
  if (response.body === null) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > options.maxBytes) {
      await reader.cancel().catch(() => {});
      throw new OutsideServiceUnavailable(`answer too large (over ${options.maxBytes} bytes)`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why reading the service failed, for the log: what it answered, no answer in time, or the connection's error code. */
export function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof OutsideServiceUnavailable) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  if (typeof cause?.message === 'string') return `connection failed (${cause.message})`;
  return error instanceof Error ? error.message : String(error);
}
