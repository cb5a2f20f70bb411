// Issue 24: the directions between packages and layers are rules (.dependency-cruiser.cjs), checked
// by `npm test` with dependency-cruiser. These tests prove the rules bite: probe files written into
// the real tree each break one direction; the cruiser's CLI runs on them with the real config, as
// `npm test` runs it (only on the probes, and two levels of their imports, so it stays quick), and
// must fail, naming each rule and the probe that broke it. The probes are removed afterwards.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ROOT } from './lib.mjs';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const CLI = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = '.dependency-cruiser.cjs';
const TAG = `dependency-rules-probe-${process.pid}`;

/** Each probe: the rule it breaks, its file (repository-relative) and its source. */
const BREAKING = [
  {
    case: 'the contracts import React (not a dependency of @app/contracts)',
    rule: 'contracts-use-declared-packages-only',
    file: `contracts/src/contracts/${TAG}.ts`,
    source: "import { useState } from 'react';\nexport const probe = useState;\n",
  },
  {
    case: 'the domain imports the browser runtime’s UI kit',
    rule: 'contracts-are-pure',
    file: `contracts/src/domain/${TAG}.ts`,
    source: "import { Field } from '../../../shared/src/ui/forms';\nexport const probe = Field;\n",
  },
  {
    case: 'a remote’s page imports the mock backend',
    rule: 'mocks-stay-out-of-production',
    file: `mfe-entry/src/${TAG}-mocks.ts`,
    source: "import { createMockBackend } from '@app/mocks';\nexport const probe = createMockBackend;\n",
  },
  {
    case: 'the mock backend imports the browser runtime',
    rule: 'mocks-stand-on-contracts',
    file: `mocks/src/${TAG}.ts`,
    source: "import { api } from '../../shared/src/index';\nexport const probe = api;\n",
  },
  {
    case: 'the API imports the browser runtime',
    rule: 'api-uses-the-pure-shared-only',
    file: `api/src/modules/${TAG}-web.ts`,
    source: "export { CSRF_HEADER_NAME } from '../../../shared/src/constants';\n",
  },
  {
    case: 'two modules import each other',
    rule: 'no-circular',
    file: `contracts/src/copy/${TAG}-a.ts`,
    source: `import { b } from './${TAG}-b';\nexport const a = () => b;\n`,
    // The other half of the cycle (the cruiser reports a cycle once, from either end).
    partner: { file: `contracts/src/copy/${TAG}-b.ts`, source: `import { a } from './${TAG}-a';\nexport const b = () => a;\n` },
    reports: `contracts/src/copy/${TAG}-`,
  },
  {
    case: 'a remote imports another remote’s source',
    rule: 'remotes-stay-apart',
    file: `mfe-entry/src/${TAG}.ts`,
    source: "export * from '../../mfe-mypage/src/index';\n",
  },
  {
    case: 'the shell imports a remote’s source',
    rule: 'shell-loads-remotes-at-run-time',
    file: `shell/src/${TAG}.ts`,
    source: "export * from '../../mfe-auth/src/index';\n",
  },
  {
    case: 'the API’s HTTP plumbing reaches up into a module',
    rule: 'api-http-below-modules',
    file: `api/src/http/${TAG}.ts`,
    source: "export * from '../modules/staff/service';\n",
  },
  {
    case: 'an API module reaches up into the site',
    rule: 'api-modules-below-site',
    file: `api/src/modules/${TAG}.ts`,
    source: "export * from '../site/serve';\n",
  },
];
const KEEPING = {
  file: `contracts/src/contracts/${TAG}-pure.ts`,
  source: "import { z } from 'zod';\nexport const probe = z.string();\n",
};
const PROBES = [...BREAKING, ...BREAKING.flatMap((probe) => probe.partner ?? []), KEEPING];

/** Runs the cruiser like `npm test`; resolves to its exit code and everything it printed. */
async function cruise(files) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [CLI, '--config', CONFIG, '--output-type', 'err', '--max-depth', '2', ...files],
      { cwd: ROOT },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

let breaking;
beforeAll(async () => {
  for (const probe of PROBES) fs.writeFileSync(path.join(ROOT, probe.file), probe.source);
  breaking = await cruise(PROBES.filter((probe) => probe !== KEEPING).map((probe) => probe.file));
});
afterAll(() => {
  for (const probe of PROBES) fs.rmSync(path.join(ROOT, probe.file), { force: true });
});

describe('the dependency rules fail the run, naming the rule', () => {
  test('the run fails', () => {
    expect(breaking.code).not.toBe(0);
  });

  test.each(BREAKING)('$case: $rule', ({ rule, file, reports = `${file} →` }) => {
    expect(breaking.output).toContain(`error ${rule}: ${reports}`);
  });

  test('nothing else is reported', () => {
    const reported = breaking.output.split('\n').filter((line) => /^\s*error /.test(line));
    expect(reported).toHaveLength(BREAKING.length);
  });

  test('a file that keeps every direction passes', async () => {
    const { code, output } = await cruise([KEEPING.file]);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });
});
