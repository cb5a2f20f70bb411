import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * At most this many argon2 computations run at once; the others wait their turn. @node-rs/argon2
 * computes on libuv's thread pool (4 threads), which also opens and reads the site's files: a
 * login storm with no bound would queue every static file and health check behind the hashes.
 * Two leave room for the rest (and each takes ~19 MiB).
 */
export const ARGON2_CONCURRENCY = 2;

/** How many argon2 computations started, and at most how many ran at once (tests, monitoring). */
export const argon2Stats = {
  started: 0,
  inFlight: 0,
  maxInFlight: 0,
  reset(): void {
    this.started = 0;
    this.maxInFlight = this.inFlight;
  },
};

const limit = pLimit(ARGON2_CONCURRENCY);

/** The queue in front of the computations, read by the metrics at each scrape (metrics/registry.ts). */
export const argon2Queue = {
  /** Computations waiting for their turn. */
  waiting: (): number => limit.pendingCount,
  /** Computations running now (at most ARGON2_CONCURRENCY). */
  running: (): number => limit.activeCount,
};

export type Argon2Operation = 'hash' | 'verify';
/** Told how long each computation took (seconds, its wait in the queue excluded), failed ones included. */
export type Argon2Observer = (operation: Argon2Operation, seconds: number) => void;
const observers = new Set<Argon2Observer>();

/** Calls `observer` after every computation (the metrics' histogram); returns the unsubscribe. */
export function observeArgon2(observer: Argon2Observer): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Runs `work` when fewer than ARGON2_CONCURRENCY computations are running (first come, first served). */
function bounded<T>(operation: Argon2Operation, work: () => Promise<T>): Promise<T> {
  return limit(async () => {
    argon2Stats.inFlight++;
    argon2Stats.started++;
    argon2Stats.maxInFlight = Math.max(argon2Stats.maxInFlight, argon2Stats.inFlight);
    const started = performance.now();
    try {
      return await work();
    } finally {
      argon2Stats.inFlight--;
      if (observers.size > 0) {
        const seconds = (performance.now() - started) / 1000;
        for (const observer of observers) observer(operation, seconds);
      }
    }
  });
}

const hash = (password: string) => bounded('hash', () => argon2Hash(password));
const verify = (passwordHash: string, password: string) => bounded('verify', () => argon2Verify(passwordHash, password));

/**
 * Password hashes: argon2id (the library's default algorithm) with its default cost (19 MiB, 2
 * passes, 1 lane: OWASP's recommendation), as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of a password nobody knows: checked when the address has no account, so that the
 * answer takes as long as for a real account (no probing addresses by timing). */
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. A missing hash (no usable password) never matches,
 * but still costs one verification.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (passwordHash === null || passwordHash === undefined) {
    dummyHash ??= hash('not-a-password-anyone-has');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed hash matches nothing
  }
}
