import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';
import { decodeUid, encodeUid, hashToken, randomToken } from './tokens';
import { drfDateTime } from './users';

describe('uid of a link (Django urlsafe_base64 of the id)', () => {
  it.each([
    [1, 'MQ'],
    [12, 'MTI'],
    [2_147_483_647, 'MjE0NzQ4MzY0Nw'],
  ])('%i ↔ %s', (id, uid) => {
    expect(encodeUid(id)).toBe(uid);
    expect(decodeUid(uid)).toBe(id);
  });

  it.each(['', 'MA', 'LTE', 'YWJj', 'MDE', 'MjE0NzQ4MzY0OA', 'M Q', 'MQ==', 'x'.repeat(21)])('%j is no uid', (uid) => {
    expect(decodeUid(uid)).toBeUndefined();
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('passwords', () => {
  it('argon2id with the library defaults; only the right password matches', async () => {
    const hash = await hashPassword('Kumo-no-ue-2024');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Kumo-no-ue-2024')).toBe(true);
    expect(await verifyPassword(hash, 'kumo-no-ue-2024')).toBe(false);
  });

  it('no hash or a malformed one matches nothing', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});

describe('drfDateTime', () => {
  it('writes the time in Japan with microseconds, as DRF does', () => {
    expect(drfDateTime(new Date('2026-03-31T15:30:00.123Z'))).toBe('2026-04-01T00:30:00.123000+09:00');
  });
});
