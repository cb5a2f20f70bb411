/**
 * A stand-in XMLHttpRequest for the tests of the client's upload path and the upload field
 * (`vi.stubGlobal('XMLHttpRequest', FakeXhr)`): it records what was sent and lets the test drive
 * the upload — progress, the answer and its headers, a network failure — one step at a time. Test
 * code only (no entry point exports it).
 */
type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  /** Every request sent, oldest first. */
  static sent: FakeXhr[] = [];
  static reset(): void {
    FakeXhr.sent = [];
  }
  /** The most recent request (fails the test when there is none). */
  static last(): FakeXhr {
    const xhr = FakeXhr.sent.at(-1);
    if (xhr === undefined) throw new Error('no XMLHttpRequest was sent');
    return xhr;
  }

  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  readonly headers: Record<string, string> = {};
  /** The answer's headers (lower-case names), set by `respond`. */
  responseHeaders: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  readonly upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  // --- what the test drives ---

  /** The multipart parts in order: `[name, text or file name]`. */
  parts(): [string, string][] {
    return [...(this.body?.entries() ?? [])].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }
  failNetwork(): void {
    this.onerror?.(new ProgressEvent('error'));
  }
}
