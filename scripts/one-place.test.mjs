// Issue 24: a few things are written in exactly one place of the non-test source, so that they
// cannot drift apart. This test reads the tracked files (git ls-files) and fails naming each stray.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isTest = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file.startsWith('e2e/') || file.startsWith('api/src/test/');
const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.cjs'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !isTest(file) && !file.includes('/migrations/'));
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** `file:line` of each line of the source that matches. */
function where(pattern, files = sources) {
  const found = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${file}:${i + 1}`);
      });
  }
  return found;
}

test('the multipart file part of an upload is named once: the contracts’ UPLOAD_FILE_FIELD (the endpoint carries it)', () => {
  expect(where(/content_file/)).toEqual(['contracts/src/contracts/upload.ts:9']);
});

test('the X-CSRFToken header is written in one place of the browser code: csrfHeaders (api-client/read-cookie.ts)', () => {
  const browser = sources.filter((file) => /^(shared|shell|mfe-[a-z]+)\/src\//.test(file));
  // Its name is defined in constants.ts and used only by csrfHeaders; nothing else spells it.
  expect(where(/CSRF_HEADER_NAME|['"]X-CSRFToken['"]/i, browser).filter((at) => !at.startsWith('shared/src/constants.ts:'))).toEqual(
    where(/CSRF_HEADER_NAME/, ['shared/src/api-client/read-cookie.ts']),
  );
});
