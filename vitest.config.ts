import { defineConfig } from 'vitest/config';

// One command runs every package's unit tests: `pnpm test:unit` (part of `pnpm check`).
export default defineConfig({
  define: { __BUILD_LABEL__: JSON.stringify(''), __MOCK_API__: 'false' },
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          environment: 'jsdom',
          setupFiles: ['../vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        define: { __BUILD_LABEL__: JSON.stringify(''), __MOCK_API__: 'false' },
        test: {
          name: 'shell',
          root: './shell',
          environment: 'jsdom',
          setupFiles: ['../vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        define: { __BUILD_LABEL__: JSON.stringify(''), __MOCK_API__: 'false' },
        test: {
          name: 'remotes',
          root: '.',
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
          include: ['mfe-*/src/**/*.test.{ts,tsx}'],
          // Page tests type and click through whole forms in jsdom: on two busy cores one can pass
          // 5 s without anything being wrong. A timeout here is a hang detector, not a speed check.
          testTimeout: 20_000,
        },
      },
      {
        // The repository scripts (release helpers, dev-server wiring): Node only.
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'api',
          root: './api',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One embedded PostgreSQL for the run, each test file a database of its own copied from
          // its migrated template (src/test/postgres-cluster.ts).
          globalSetup: ['./src/test/postgres-cluster.ts'],
          // Files run one at a time: several start servers and PostgreSQL clusters of their own.
          fileParallelism: false,
        },
      },
    ],
  },
});
