// The after-paint loader's build (shared/build/after-paint.mjs) and its check at assembly
// (scripts/assemble-site.mjs): what the server is told about the loader. The real build of the
// loader is tested in shell/src/after-paint/loader.test.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOADER_MAX_BYTES, consumedShareKeys, loaderProblem, shellBuildRecord } from '../shared/build/after-paint.mjs';
import { shellBuildProblem } from './assemble-site.mjs';

const consume = (key, range = '^1.0.0') =>
  `consume shared module (default) ${key}@${range} (strict) (fallback: /repo/node_modules/${key}/index.js)`;

describe('consumedShareKeys', () => {
  it('the share keys of the consume modules among the identifiers, sorted, each once', () => {
    expect(
      consumedShareKeys([consume('react'), '/repo/shell/src/bootstrap.tsx', consume('@app/shared/core', '^0.11.0'), consume('react')]),
    ).toEqual(['@app/shared/core', 'react']);
  });
});

describe('loaderProblem', () => {
  it('refuses what would end the inline script, a loader too large, or one with a module runtime', () => {
    expect(loaderProblem('!function(){}();')).toBeUndefined();
    expect(loaderProblem('a("</SCRIPT>")')).toMatch(/<\/script/);
    expect(loaderProblem('a("<!--")')).toMatch(/<!--/);
    expect(loaderProblem('x'.repeat(LOADER_MAX_BYTES + 1))).toMatch(/more than/);
    expect(loaderProblem('__webpack_require__(1)')).toMatch(/module runtime/);
  });
});

describe('shellBuildProblem (assemble-site)', () => {
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-build-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (relative, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), text);
  };

  it('accepts a record whose file has the recorded SHA-256, and names what is wrong otherwise', () => {
    expect(shellBuildProblem(dir)).toMatch(/loader\.json is missing/);
    const text = '!function(){}();';
    const record = shellBuildRecord({ file: 'assets/after-paint.1.js', text, eagerShared: ['react'] });
    expect(record).toEqual({
      version: 1,
      loader: { file: 'assets/after-paint.1.js', sha256: createHash('sha256').update(text).digest('base64') },
      eagerShared: ['react'],
    });
    write('loader.json', JSON.stringify(record));
    expect(shellBuildProblem(dir)).toMatch(/did not write/);
    write('assets/after-paint.1.js', text);
    expect(shellBuildProblem(dir)).toBeUndefined();
    write('assets/after-paint.1.js', `${text} `);
    expect(shellBuildProblem(dir)).toMatch(/is not the loader loader\.json records/);
  });
});
