import { defineConfig } from 'vitest/config';

// The domain alone, with its coverage gate: every line and branch (issue #3).
export default defineConfig({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/domain/**/*.test.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      reportsDirectory: '../.data/reports/domain-coverage',
      thresholds: { lines: 100, branches: 100, functions: 100, statements: 100 },
    },
  },
});
