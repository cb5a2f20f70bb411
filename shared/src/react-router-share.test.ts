import * as ReactRouterDom from 'react-router-dom';
import { expect, test } from 'vitest';

// Vite's glob import (vitest runs through it); the project's tsconfig carries no vite types.
declare global {
  interface ImportMeta {
    glob(patterns: string | string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

/**
 * Module federation provides shared/build/react-router-share.mjs under the share key
 * `react-router-dom`: a name the site imports from 'react-router-dom' but the module does not
 * export would be `undefined` in the built site, and only there (tests import the package itself).
 */
const sources = import.meta.glob(['../../shell/src/**/*.{ts,tsx}', '../../mfe-*/src/**/*.{ts,tsx}', './**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const share = Object.values(import.meta.glob('../build/react-router-share.mjs', { query: '?raw', import: 'default', eager: true }))[0];

/** Value names imported from 'react-router-dom' (type-only imports are erased by the build). */
function importedNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g)) {
    if (m[1]) continue;
    for (const spec of m[2]!.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

function sharedNames(source: string): string[] {
  const m = /export\s*\{([^}]*)\}\s*from\s*['"]react-router['"]/.exec(source);
  return m
    ? m[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

test('the shared router module exports every router name the site imports from react-router-dom', () => {
  // A remote's prerender.tsx runs on Node at build time against the package itself (StaticRouter),
  // never in the federated build: it is not held to the shared module's names.
  const files = Object.entries(sources).filter(([file]) => !/\.test\.tsx?$/.test(file) && !/\/prerender\.tsx$/.test(file));
  expect(files.length).toBeGreaterThan(50);
  const used = new Set(files.flatMap(([, source]) => importedNames(source)));
  expect(used).toContain('useNavigate');
  expect(share).toBeDefined();
  const provided = sharedNames(share!);
  expect([...used].filter((name) => !provided.includes(name))).toEqual([]);
});

test('every name the shared router module exports exists in react-router', () => {
  const provided = sharedNames(share!);
  expect(provided.length).toBeGreaterThan(5);
  const api = ReactRouterDom as Record<string, unknown>;
  expect(provided.filter((name) => api[name] === undefined)).toEqual([]);
});

test('the import scan sees value imports and skips type-only ones', () => {
  expect(
    importedNames(
      "import { Link, useNavigate as nav, type NavigateFunction } from 'react-router-dom';\nimport type { Location } from 'react-router-dom';",
    ),
  ).toEqual(['Link', 'useNavigate']);
});
