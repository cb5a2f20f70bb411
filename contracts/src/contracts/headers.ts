/**
 * The response header naming the minimum client build a release declared (`pnpm release
 * force-reload`): the deployment revision pages must have started at, else they reload once
 * (shared/src/runtime/min-client-build.ts). Its own module, so the start-up code reads it without
 * loading the schemas. Not `me.version`, which versions the user's record.
 */
export const MIN_CLIENT_BUILD_HEADER = 'X-Min-Client-Build';

/**
 * The request header that makes an unsafe request safe to retry (issue 27; the IETF httpapi
 * Idempotency-Key draft): the same key with the same request → the first answer replayed. The
 * endpoints that honour it say so in the catalogue (`idempotent: true`); the client sends one per
 * user action on them. 1–255 visible ASCII characters.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** On an answer replayed for a key (not the request's own). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
