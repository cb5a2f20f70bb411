import { expect, test } from 'vitest';
import { parseArgs, resultsOf, tally } from './flake-hunt.mjs';

test('options: runs, stress threads, build, and the Playwright arguments after --', () => {
  expect(parseArgs([])).toMatchObject({ runs: 3, stress: 0, build: false, playwright: [] });
  expect(parseArgs(['--runs', '5', '--stress=4', '--build', '--', '--project=phone', 'tests/a.spec.ts'])).toEqual({
    runs: 5,
    stress: 4,
    build: true,
    playwright: ['--project=phone', 'tests/a.spec.ts'],
  });
  expect(parseArgs(['--stress']).stress).toBeGreaterThan(0);
  expect(() => parseArgs(['--runs', '0'])).toThrow('--runs');
  expect(() => parseArgs(['--sleep'])).toThrow('unknown option --sleep');
});

/** A Playwright JSON report of one run, in the reporter's shape (suites of files, describe blocks, specs). */
const report = (statuses) => ({
  suites: [
    {
      title: 'a.spec.ts',
      file: 'a.spec.ts',
      specs: [],
      suites: [
        {
          title: 'the login',
          specs: [
            {
              title: 'logs in',
              file: 'a.spec.ts',
              line: 3,
              tests: [
                { projectName: 'desktop', status: statuses[0], results: [{ error: { message: 'Error: timeout\n  at x' } }] },
                { projectName: 'phone', status: statuses[1], results: [{}] },
              ],
            },
          ],
        },
      ],
    },
  ],
});

test('results: one row per test and project, named by file, line, describe and title, with the first error line', () => {
  expect(resultsOf(report(['unexpected', 'expected']))).toEqual([
    { id: '[desktop] a.spec.ts:3 › the login › logs in', status: 'unexpected', error: 'Error: timeout' },
    { id: '[phone] a.spec.ts:3 › the login › logs in', status: 'expected', error: '' },
  ]);
});

test('tally: failures per test over the runs, most failing first; a clean set of runs tallies nothing', () => {
  const runs = [report(['unexpected', 'expected']), report(['unexpected', 'unexpected']), report(['expected', 'expected'])].map(resultsOf);
  expect(tally(runs)).toEqual([
    { id: '[desktop] a.spec.ts:3 › the login › logs in', failures: 2, errors: ['Error: timeout', 'Error: timeout'] },
    { id: '[phone] a.spec.ts:3 › the login › logs in', failures: 1, errors: [] },
  ]);
  expect(tally([report(['expected', 'expected'])].map(resultsOf))).toEqual([]);
});
