/** Label of a build, set by the BUILD_LABEL environment variable at build time (may be empty). */
declare const __BUILD_LABEL__: string;
