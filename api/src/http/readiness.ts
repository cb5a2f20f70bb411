/**
 * Whether this API process takes new requests (`GET /api/health/ready/`, issue 27). server.ts
 * calls `drain()` the moment it is told to stop (SIGTERM): from then on the readiness check answers
 * 503 `draining`, so a proxy's health check moves new traffic to the other instances, while the
 * requests already started finish (the shutdown closes the server only after SHUTDOWN_DRAIN_MS and
 * waits up to SHUTDOWN_TIMEOUT_MS for them).
 */
export interface Readiness {
  readonly draining: () => boolean;
  readonly drain: () => void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    draining: () => draining,
    drain: () => {
      draining = true;
    },
  };
}
