/**
 * Whether a throttled login attempt gets an audit row: the first one of a throttling does (the
 * log says the address or client was locked), the attempts refused after it until the lock lifts
 * do not — a client hammering a locked address must not fill the append-only log. Kept in memory
 * per API process (at most one row per process per throttling), bounded in size.
 */
export class ThrottleAuditGate {
  private readonly until = new Map<string, number>();
  constructor(private readonly maxKeys = 10_000) {}

  /** True for the first throttled attempt of `key` until `retryAfterSeconds` from `now`. */
  shouldAudit(key: string, now: Date, retryAfterSeconds: number): boolean {
    const at = now.getTime();
    const lockedUntil = this.until.get(key);
    if (lockedUntil !== undefined && lockedUntil > at) return false;
    this.until.delete(key);
    this.until.set(key, at + retryAfterSeconds * 1000);
    // Oldest first (insertion order): drop the oldest beyond the bound.
    for (const oldest of this.until.keys()) {
      if (this.until.size <= this.maxKeys) break;
      this.until.delete(oldest);
    }
    return true;
  }
}

/** The applicants' login (auth/service.ts) and the staff's (staff/service.ts) each keep one. */
export const applicantThrottleAudit = new ThrottleAuditGate();
export const staffThrottleAudit = new ThrottleAuditGate();
