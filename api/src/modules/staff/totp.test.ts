import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../env';
import { newTotpSecret, TOTP_ISSUER, totpCode, totpCounter, totpUri, verifyTotp } from './totp';
import { decryptTotpSecret, DEV_STAFF_TOTP_KEY, deriveTotpKey, encryptTotpSecret, totpKeyFor, TotpSecretError } from './totp-secret';

/** RFC 6238 Appendix B, the SHA-1 rows: the seed is the ASCII of "12345678901234567890". */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: [seconds: number, counter: number, totp8: string][] = [
  [59, 0x1, '94287082'],
  [1111111109, 0x23523ec, '07081804'],
  [1111111111, 0x23523ed, '14050471'],
  [1234567890, 0x273ef07, '89005924'],
  [2000000000, 0x3f940aa, '69279037'],
  [20000000000, 0x27bc86aa, '65353130'],
];

describe('TOTP (RFC 6238: SHA-1, 30 s, ±1 step)', () => {
  it.each(RFC_VECTORS)('the test vector at %i s: step %i, code %s', (seconds, counter, totp8) => {
    const at = new Date(seconds * 1000);
    expect(totpCounter(at)).toBe(counter);
    // The library with 8 digits gives the RFC's codes; ours are their last 6 digits (the same HOTP value mod 10^6).
    expect(
      TOTP.generate({ secret: Secret.fromBase32(RFC_SECRET), algorithm: 'SHA1', digits: 8, period: 30, timestamp: at.getTime() }),
    ).toBe(totp8);
    expect(totpCode(RFC_SECRET, at)).toBe(totp8.slice(2));
    expect(verifyTotp(RFC_SECRET, totp8.slice(2), at)).toBe(counter);
  });

  it('accepts the step before and after (returning that step), not two away; only six digits', () => {
    const at = new Date(1234567890 * 1000);
    const step = totpCounter(at);
    const codeAt = (offset: number) => totpCode(RFC_SECRET, new Date(at.getTime() + offset * 30_000));
    expect(verifyTotp(RFC_SECRET, codeAt(-1), at)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, codeAt(1), at)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, codeAt(-2), at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, codeAt(2), at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '89005924', at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, ' 005924', at)).toBeNull();
  });

  it('new secrets: 160 random bits in base32; the otpauth:// URI carries them with the issuer and the address', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, 'admin@tsumugi.example.jp');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const parsed = URI.parse(uri) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect([parsed.issuer, parsed.label, parsed.secret.base32]).toEqual([TOTP_ISSUER, 'admin@tsumugi.example.jp', secret]);
    expect([parsed.algorithm, parsed.digits, parsed.period]).toEqual(['SHA1', 6, 30]);
  });
});

describe('the stored TOTP secret (AES-256-GCM under STAFF_TOTP_KEY)', () => {
  const key = deriveTotpKey('a-test-key-of-at-least-thirty-two-characters');

  it('round-trips, never in clear, a new IV each time', () => {
    const secret = newTotpSecret();
    const stored = encryptTotpSecret(secret, key);
    expect(stored).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(stored).not.toContain(secret);
    expect(encryptTotpSecret(secret, key)).not.toBe(stored);
    expect(decryptTotpSecret(stored, key)).toBe(secret);
  });

  it('another key, a changed byte, a cut tag or foreign text: TotpSecretError', () => {
    const stored = encryptTotpSecret(newTotpSecret(), key);
    expect(() => decryptTotpSecret(stored, deriveTotpKey('another-key-another-key-another-key'))).toThrow(TotpSecretError);
    const [version, iv, ciphertext, tag] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptTotpSecret([version, iv, flipped.toString('base64url'), tag].join('.'), key)).toThrow(TotpSecretError);
    expect(() => decryptTotpSecret([version, iv, ciphertext, tag.slice(0, 8)].join('.'), key)).toThrow(TotpSecretError);
    expect(() => decryptTotpSecret('JBSWY3DPEHPK3PXP', key)).toThrow(TotpSecretError);
  });

  it('the key comes from STAFF_TOTP_KEY, else the development key', () => {
    expect(totpKeyFor({ STAFF_TOTP_KEY: 'x'.repeat(32) })).toEqual(deriveTotpKey('x'.repeat(32)));
    expect(totpKeyFor({})).toEqual(deriveTotpKey(DEV_STAFF_TOTP_KEY));
    expect(totpKeyFor({})).toHaveLength(32);
  });
});

describe('STAFF_TOTP_KEY in the environment', () => {
  it('is optional outside production, required with NODE_ENV=production, at least 32 characters, never echoed', () => {
    expect(loadEnv({}).STAFF_TOTP_KEY).toBeUndefined();
    expect(loadEnv({ NODE_ENV: 'production', STAFF_TOTP_KEY: 'k'.repeat(32) }).STAFF_TOTP_KEY).toBe('k'.repeat(32));
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/STAFF_TOTP_KEY=\(hidden\): required when NODE_ENV=production/);
    expect(() => loadEnv({ STAFF_TOTP_KEY: 'short-secret' })).toThrow(/STAFF_TOTP_KEY=\(hidden\): must be at least 32 characters/);
    expect(() => loadEnv({ STAFF_TOTP_KEY: 'short-secret' })).not.toThrow(/short-secret/);
  });
});
