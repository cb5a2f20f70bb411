import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The staff members' TOTP secrets are stored encrypted (staff_members.totp_secret_encrypted), so
 * a copy of the database (a backup, a dump for debugging) does not hand out second factors:
 * AES-256-GCM under a key derived (HKDF-SHA-256) from STAFF_TOTP_KEY, a random 96-bit IV per
 * secret, the column's name as associated data. Stored as `v1.<iv>.<ciphertext>.<tag>` (base64url).
 *
 * Without STAFF_TOTP_KEY (allowed unless NODE_ENV=production, see env.ts) a fixed development key
 * is used: it is in this file, so it protects nothing — fine for a laptop, never for real staff.
 */
export const DEV_STAFF_TOTP_KEY = 'development-only-staff-totp-key-not-a-secret';

const VERSION = 'v1';
const ASSOCIATED_DATA = Buffer.from('staff_members.totp_secret_encrypted');

/** An AES-256 key from the configured secret text. */
export function deriveTotpKey(secretText: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretText, 'utf8'), Buffer.from('tsumugi-staff-totp'), Buffer.from(VERSION), 32));
}

/** The key of this process: STAFF_TOTP_KEY, or the development key when it is unset. */
export function totpKeyFor(env: { readonly STAFF_TOTP_KEY?: string | undefined }): Buffer {
  return deriveTotpKey(env.STAFF_TOTP_KEY ?? DEV_STAFF_TOTP_KEY);
}

export function encryptTotpSecret(secretBase32: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or an error when the text is not ours or the key is not the one it was stored with. */
export class TotpSecretError extends Error {
  override name = 'TotpSecretError';
}

export function decryptTotpSecret(stored: string, key: Buffer): string {
  const [version, iv, ciphertext, tag, ...rest] = stored.split('.');
  if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length > 0) {
    throw new TotpSecretError('not an encrypted TOTP secret');
  }
  try {
    // A full 16-byte tag only (a shortened one would weaken the check).
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new TotpSecretError('the TOTP secret cannot be read with this STAFF_TOTP_KEY (was it changed?)');
  }
}
