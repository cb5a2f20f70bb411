import { describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, argon2Stats, hashPassword, verifyPassword } from './passwords';

describe('argon2 work is bounded', () => {
  it(`a login storm (30 at once) never runs more than ${ARGON2_CONCURRENCY} hashes at a time, so the thread pool keeps room for static files`, async () => {
    const hash = await hashPassword('Kumo-no-ue-2024');
    argon2Stats.reset();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? verifyPassword(null, 'x') : verifyPassword(hash, i % 2 === 0 ? 'Kumo-no-ue-2024' : 'wrong'),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(results.filter((_, i) => i % 3 !== 0 && i % 2 === 0).length);
    expect(argon2Stats.started).toBeGreaterThanOrEqual(30);
    expect(argon2Stats.maxInFlight).toBeGreaterThan(0);
    expect(argon2Stats.maxInFlight).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
    expect(ARGON2_CONCURRENCY).toBeLessThan(4); // libuv's thread pool (UV_THREADPOOL_SIZE) has 4
  });
});
