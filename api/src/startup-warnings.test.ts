import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, startupWarnings } from './env';

const KEY = 'k'.repeat(32);

describe('configuration that must not reach production unnoticed (issue 23 item 8)', () => {
  it('NODE_ENV=production without STAFF_TOTP_KEY is refused, naming the variable and never a value', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/STAFF_TOTP_KEY=\(hidden\): required when NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: 'production', STAFF_TOTP_KEY: '' })).toThrow(/STAFF_TOTP_KEY/);
    expect(loadEnv({ NODE_ENV: 'production', STAFF_TOTP_KEY: KEY }).STAFF_TOTP_KEY).toBe(KEY);
  });

  it.each([
    ['NODE_ENV unset, no key', {}, ['STAFF_TOTP_KEY', '/api-docs/']],
    ['NODE_ENV=development, no key', { NODE_ENV: 'development' }, ['STAFF_TOTP_KEY', '/api-docs/']],
    ['NODE_ENV unset, a key', { STAFF_TOTP_KEY: KEY }, ['/api-docs/']],
    ['NODE_ENV=production with a key', { NODE_ENV: 'production', STAFF_TOTP_KEY: KEY }, []],
  ])('%s: one loud warning per subject', (_label, vars: Record<string, string>, about) => {
    const warnings = startupWarnings(loadEnv(vars));
    expect(warnings).toHaveLength(about.length);
    about.forEach((subject, index) => {
      expect(warnings[index]).toMatch(/^WARNING: /);
      expect(warnings[index]).toContain(subject);
    });
    // A secret is never echoed.
    expect(warnings.join('\n')).not.toContain(KEY);
  });
});
