// The compatibility gate reads the shared singletons' ranges with npm's semver rules (the `semver`
// package, issue 24), not a hand-written subset. These pin the cases where the two differed.
import { describe, expect, test } from 'vitest';
import { compatibilityProblems, satisfies } from './release-core.mjs';

describe('satisfies: npm semver ranges', () => {
  test.each([
    ['19.2.9', '^19.2.9', true],
    ['19.3.0', '^19.2.9', true],
    ['20.0.0', '^19.2.9', false],
    ['0.10.3', '^0.10.0', true],
    ['0.11.0', '^0.10.0', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.5.0', '^1.0.0 || ^2.0.0', true],
    ['1.4.0', '1.2.0 - 1.5.0', true],
    ['1.2.7', '1.2.x', true],
    ['v1.2.3', '=1.2.3', true],
    ['5.0.0', '*', true],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  test('a prerelease is in a range only through a prerelease of the same x.y.z', () => {
    // The hand-written reader let any prerelease above the floor in.
    expect(satisfies('1.3.0-beta.1', '^1.2.3')).toBe(false);
    expect(satisfies('1.3.0-beta.1', '^1.3.0-beta.0')).toBe(true);
    expect(satisfies('1.3.0', '^1.3.0-beta.0')).toBe(true);
  });

  test('prerelease identifiers compare as numbers where they are numbers', () => {
    // As text, "beta.10" sorted before "beta.2".
    expect(satisfies('1.0.0-beta.10', '>=1.0.0-beta.2')).toBe(true);
    expect(satisfies('1.0.0-beta.2', '>1.0.0-beta.10')).toBe(false);
  });

  test('what is not a version or a range matches nothing', () => {
    expect(satisfies('not-a-version', '*')).toBe(false);
    expect(satisfies('1.0.0', 'not a range')).toBe(false);
    expect(satisfies('1.0.0', false)).toBe(false);
    expect(satisfies('1.0.0', undefined)).toBe(false);
  });
});

describe('the gate with prerelease builds', () => {
  const manifest = (version, requiredVersion) => ({
    shared: ['react', 'react-dom', 'react-router-dom', 'zustand', '@app/shared', '@app/shared/core'].map((name) => ({
      name,
      version: name.startsWith('@app/') ? version : '19.2.9',
      requiredVersion: name.startsWith('@app/') ? requiredVersion : '^19.2.9',
      singleton: true,
    })),
    exposes: [{ name: 'lifecycles', path: './lifecycles' }],
  });

  test('a remote built against a prerelease of the next minor is refused by a shell on the release before it', () => {
    const problems = compatibilityProblems(manifest('0.10.0', '^0.10.0'), manifest('0.11.0-rc.1', '^0.11.0-rc.1'));
    expect(problems).toContain('@app/shared: the remote requires ^0.11.0-rc.1, the live shell provides 0.10.0');
  });

  test('a shell on a prerelease is outside a remote’s plain range', () => {
    const problems = compatibilityProblems(manifest('0.10.1-rc.1', '^0.10.1-rc.1'), manifest('0.10.0', '^0.10.0'));
    expect(problems).toContain('@app/shared: the remote requires ^0.10.0, the live shell provides 0.10.1-rc.1');
  });

  test('the same build on both sides passes', () => {
    expect(compatibilityProblems(manifest('0.10.0', '^0.10.0'), manifest('0.10.0', '^0.10.0'))).toEqual([]);
  });
});
