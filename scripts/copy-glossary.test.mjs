import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeGlossaryViolations, findGlossaryViolations } from '@app/contracts/copy/glossary';

/**
 * The cheap half of the glossary check (contracts/src/copy/glossary.ts): the source of every page, the
 * shared UI and copy, the route table's titles, the mails and the contract PDF, read as text, speak
 * the glossary's terms. Comments are read too (a banned variant in a comment is copied sooner or
 * later). Tests are not read: they may name a variant to prove it is absent. What the pages really
 * render is checked in the browser (e2e/tests/glossary.spec.ts), the mails and the PDF by the API's
 * tests that render them.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(tsx?|html|mjs)$/;
const IGNORED_DIRS = new Set(['node_modules', 'dist', '.site', '.data', 'build']);
const isTest = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file.includes(`${path.sep}__tests__${path.sep}`);
/** The glossary names the variants it bans; the mocks' fixtures are read by the pages (kept in the walk). */
const SKIPPED = new Set([path.join('contracts', 'src', 'copy', 'glossary.ts')]);

function walk(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(full));
    else if (SOURCE.test(entry.name) && !isTest(entry.name)) files.push(full);
  }
  return files;
}

const remotes = fs.readdirSync(root).filter((name) => name.startsWith('mfe-'));
const roots = [
  ...remotes.map((remote) => path.join(remote, 'src')),
  path.join('contracts', 'src'),
  path.join('shared', 'src'),
  path.join('mocks', 'src'),
  path.join('shell', 'src'),
  path.join('api', 'src'),
];
const files = [...roots.flatMap((dir) => walk(path.join(root, dir))), path.join(root, 'shell', 'index.html')].filter(
  (file) => !SKIPPED.has(path.relative(root, file)),
);

describe('the source speaks the glossary’s terms', () => {
  it('reads the pages of every remote, the shared copy and route table, the mails and the contract PDF', () => {
    const relative = files.map((file) => path.relative(root, file));
    expect(remotes.length).toBeGreaterThanOrEqual(5);
    for (const file of [
      'contracts/src/routes/table.ts',
      'contracts/src/copy/index.ts',
      'contracts/src/copy/agreement.ts',
      'api/src/mail/templates.ts',
      'api/src/modules/contract-document/render.ts',
      'mfe-backoffice/src/features/queue/queue-page.tsx',
      'shell/index.html',
    ])
      expect(relative).toContain(file.split('/').join(path.sep));
  });

  it('has no banned variant in any of them', () => {
    const found = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const violations = findGlossaryViolations(text);
      if (violations.length === 0) continue;
      const lines = describeGlossaryViolations(violations);
      violations.forEach((violation, index) => {
        const line = text.slice(0, violation.index).split('\n').length;
        found.push(`${path.relative(root, file)}:${line} ${lines[index]}`);
      });
    }
    expect(found).toEqual([]);
  });
});
