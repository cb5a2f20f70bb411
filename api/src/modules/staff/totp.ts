import { Secret, TOTP } from 'otpauth';
import { SERVICE_NAME } from '../../mail/templates';

/**
 * The staff's second factor: TOTP of RFC 6238 as every authenticator app speaks it — HMAC-SHA-1,
 * 30-second steps, 6 digits, a 160-bit secret (RFC 4226 §4) — through `otpauth` (HMAC from
 * node:crypto, works offline). A code is accepted in its own step and one step either side (clock
 * drift between the phone and the server); the step of the accepted code is returned so the caller
 * can refuse it, and every earlier step, from then on (no replay: staff_members.totp_last_counter).
 */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30, window: 1, secretBytes: 20 } as const;

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = `${SERVICE_NAME} 管理画面`;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
  });

/** A new random secret (base32, 32 characters: what the authenticator app is given). */
export const newTotpSecret = (): string => new Secret({ size: TOTP_SETTINGS.secretBytes }).base32;

/** The `otpauth://totp/…` URI an authenticator app reads (as a QR code or pasted). */
export const totpUri = (secretBase32: string, email: string): string => totpOf(secretBase32, email).toString();

/** The 30-second step a time falls in (RFC 6238's T). */
export const totpCounter = (at: Date): number => TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: at.getTime() });

/** The code of a time (what the app shows then): for tests and the operator's check. */
export const totpCode = (secretBase32: string, at: Date): string => totpOf(secretBase32).generate({ timestamp: at.getTime() });

/**
 * The step of `code` when it is right at `at` (its own step or one either side), else null. The
 * caller refuses a step not after the last one accepted.
 */
export function verifyTotp(secretBase32: string, code: string, at: Date): number | null {
  if (!new RegExp(`^\\d{${TOTP_SETTINGS.digits}}$`).test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_SETTINGS.window });
  return delta === null ? null : totpCounter(at) + delta;
}
