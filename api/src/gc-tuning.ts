import v8 from 'node:v8';

/**
 * V8's garbage collector as the API server runs it (called first thing by server.ts).
 *
 * Allocation-site pretenuring off: under 32 concurrent requests V8 judged node-postgres's row
 * decoding (the rows of the session lookup, db/direct.ts) long-lived and allocated its objects
 * straight in the old generation, where they stay until a full collection. The old generation
 * then grew by ≈ 3 MB/s, each young-generation collection promoted ≈ 690 KB (the bare
 * Fastify + pg endpoint of `npm run bench`: ≈ 70 KB) and paused 1.66 ms instead of 1.22: p99 of
 * POST /api/me/ 10.0 ms against 8.6 ms without it, the bare endpoint's own being 8.5 ms (issue 12;
 * measured side by side, six interleaved runs, `--trace-gc-nvp` for the pauses). A request's
 * objects live for milliseconds: the young generation is where they belong.
 */
export function tuneGarbageCollector(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
