// Issue 24, "each mapping once": the empty draft and the upload kinds' Japanese names are defined in
// one place of the non-test source (the profile's row ↔ contract table has its own test beside it,
// api/src/accounts/profile-columns.test.ts). This test reads the tracked files and names each stray.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { ACCOUNT_FILE_LABELS, UPLOAD_KIND_LABELS } from '../contracts/src/domain/kinds.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isTest = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file.startsWith('e2e/') || file.startsWith('api/src/test/');
const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.cjs'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !isTest(file) && !file.includes('/migrations/'));

/** The files of the source with a line that matches. */
const filesWith = (pattern) =>
  sources.filter((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .some((line) => pattern.test(line)),
  );

test('the empty draft document is written once: the contracts’ emptyDraftDocument (API, wizard and mocks start from it)', () => {
  // Its last field, empty, as an object literal writes it.
  expect(filesWith(/^\s*financial_statement_files: \[\],?$/)).toEqual(['contracts/src/contracts/draft.ts']);
});

test('the upload kinds are named once: the domain’s UPLOAD_KIND_LABELS and ACCOUNT_FILE_LABELS (kinds.ts)', () => {
  const labels = [...Object.values(UPLOAD_KIND_LABELS), ...Object.values(ACCOUNT_FILE_LABELS)];
  const kinds = Object.keys(UPLOAD_KIND_LABELS);
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A kind written beside one of the names: a second table of them.
  const copy = new RegExp(`\\b(${kinds.join('|')})\\s*:\\s*'(${labels.map(escape).join('|')})'`);
  expect(filesWith(copy)).toEqual([
    // The glossary's term for the concept "invoice", which the label is held to by the glossary tests.
    'contracts/src/copy/glossary.ts',
    'contracts/src/domain/kinds.ts',
  ]);
});

// Issue 24: no source file over 400 lines outside tests and test data (the mocks' fixtures are
// test data: the backend of the tests and the dev server). A file that grows past it is split by
// what it does (as the mocks by resource, the profile page in parts).
const MAX_SOURCE_LINES = 400;
const TEST_DATA = new Set(['mocks/src/fixtures.ts']);

test(`no non-test source file is over ${MAX_SOURCE_LINES} lines`, () => {
  const long = sources
    .filter((file) => !TEST_DATA.has(file) && !/(^|\/)testing\.tsx?$/.test(file))
    .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_SOURCE_LINES);
  expect(long).toEqual([]);
});
