/** Label of a build, set by the BUILD_LABEL environment variable at build time (may be empty). */
declare const __BUILD_LABEL__: string;
/** True only in a remote's `dev:mock` build: the standalone page starts the in-browser mock API. */
declare const __MOCK_API__: boolean;
