/**
 * The response header naming the minimum client build a release declared (`pnpm release
 * force-reload`): the deployment revision pages must have started at, else they reload once
 * (shared/src/runtime/min-client-build.ts). Its own module, so the start-up code reads it without
 * loading the schemas. Not `me.version`, which versions the user's record.
 */
export const MIN_CLIENT_BUILD_HEADER = 'X-Min-Client-Build';
