import { hash, verify } from '@node-rs/argon2';

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
