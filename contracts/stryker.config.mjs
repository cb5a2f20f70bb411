// Mutation testing of the domain (issue #3 asks for a score of at least 85%).
// Run: pnpm --filter @app/contracts mutation   (report: .data/reports/mutation/index.html)
// Incremental: only mutants in changed code, or covered by changed tests, run; the others' results
// come from stryker-incremental.json, committed (README, "Mutation testing"). `mutation:full` runs
// every mutant and rewrites that file.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.domain.config.ts' },
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '../.data/reports/mutation/index.html' },
  jsonReporter: { fileName: '../.data/reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 85 },
  concurrency: 2,
  tempDirName: '../.data/stryker-tmp',
  cleanTempDir: 'always',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'stryker-incremental.json',
};
