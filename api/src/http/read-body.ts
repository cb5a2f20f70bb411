/**
 * An outside service's answer as UTF-8 text, refused past `maxBytes` (by its Content-Length, or
 * while reading): `tooLarge(message)` is the error to throw, the caller's "service unavailable".
 */
export async function readBodyAtMost(response: Response, maxBytes: number, tooLarge: (message: string) => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(`answer too large (${declared} bytes)`);
  if (response.body === null) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`answer too large (over ${maxBytes} bytes)`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
