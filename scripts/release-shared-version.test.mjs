// The version of @app/shared follows its contract (scripts/release-shared-version.mjs).
import { describe, expect, test } from 'vitest';
import { contractFingerprint, nextRecord, packageVersion, recorded, sharedSurface, versionProblems } from './release-shared-version.mjs';

describe('@app/shared version', () => {
  test('the recorded version and fingerprint match shared/package.json and the contract as it is now', () => {
    // Fails when contracts/src/contracts or the exports of @app/shared change without a version bump:
    // the message says what to do.
    expect(versionProblems()).toEqual([]);
    expect(recorded().version).toBe(packageVersion());
  }, 120_000);

  test('the surface lists every export by name and type, without the checkout location', () => {
    const surface = sharedSurface();
    expect(surface.find((l) => l.startsWith('createApi: '))).toMatch(/^createApi: value \(env\?: Partial<ApiEnvironment>\) => Api$/);
    expect(surface.find((l) => l.startsWith('ApiEnvironment: '))).toContain('getCookies: () => string');
    expect(surface.join('\n')).not.toContain(process.cwd());
    expect(contractFingerprint()).toMatch(/^[0-9a-f]{16}$/);
  }, 120_000);

  test('a changed contract without a bump is reported and cannot be recorded; with a bump it can', () => {
    const record = { version: '0.3.0', fingerprint: 'aaaa' };
    expect(versionProblems({ fingerprint: 'aaaa', record, version: '0.3.0' })).toEqual([]);
    const [problem] = versionProblems({ fingerprint: 'bbbb', record, version: '0.3.0' });
    expect(problem).toMatch(
      /^the @app\/shared contract .* changed but its version 0\.3\.0 did not: bump "version" in shared\/package\.json/,
    );
    expect(() => nextRecord({ fingerprint: 'bbbb', record, version: '0.3.0' })).toThrow(
      'bump "version" in shared/package.json (now 0.3.0) first',
    );
    expect(nextRecord({ fingerprint: 'bbbb', record, version: '0.4.0' })).toEqual({ version: '0.4.0', fingerprint: 'bbbb' });
    expect(versionProblems({ fingerprint: 'aaaa', record, version: '0.4.0' })[0]).toMatch(
      /says 0\.4\.0, shared\/contract-version\.json 0\.3\.0/,
    );
    expect(versionProblems({ fingerprint: 'aaaa', record: null, version: '0.3.0' })[0]).toMatch(/is missing/);
  });
});
