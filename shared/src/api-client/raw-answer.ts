/**
 * What a request got, before the client reads it: the HTTP status and the body (JSON parsed, else
 * text), or no status and the error of a request that got no answer (offline, timed out).
 */
export interface RawAnswer {
  readonly ok: boolean;
  readonly status: number | null;
  readonly data: unknown;
  readonly error?: unknown;
}
