// Mutation testing of the domain (issue #3 asks for a score of at least 85%).
// Run: pnpm --filter @app/contracts mutation   (report: .data/reports/mutation/index.html)
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
};
