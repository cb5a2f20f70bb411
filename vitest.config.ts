import { defineConfig } from 'vitest/config';

// One command runs every package's unit tests: `pnpm test:unit` (part of `pnpm check`).
export default defineConfig({
  define: { __BUILD_LABEL__: JSON.stringify(''), __MOCK_API__: 'false' },
  test: {
    projects: [
      {
        // The pure package: Node, no DOM (what the API runs it in).
        test: {
          name: 'contracts',
          root: './contracts',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
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
          // Each test file starts its own embedded PostgreSQL: run them one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
