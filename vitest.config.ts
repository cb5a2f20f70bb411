import { defineConfig } from 'vitest/config';

// One command runs every package's unit tests: `pnpm test:unit` (part of `pnpm check`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'shell',
          root: './shell',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'remotes',
          root: '.',
          environment: 'jsdom',
          include: ['mfe-*/src/**/*.test.{ts,tsx}'],
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
