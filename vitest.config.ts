import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The API test files that replace modules (vi.mock, vi.doMock, vi.resetModules): each runs with a
 * module cache of its own (the `api-isolated` project). Found by reading the files, so a new one
 * cannot land in the shared cache by mistake.
 */
const API_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'api');
const API_MODULE_MOCKS = (fs.readdirSync(path.join(API_DIR, 'src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(fs.readFileSync(path.join(API_DIR, file), 'utf8')))
  .sort();

// One command runs every package's unit tests: `pnpm test:unit` (part of `pnpm check`).
export default defineConfig({
  define: { __BUILD_LABEL__: JSON.stringify(''), __MOCK_API__: 'false' },
  test: {
    // Two test files at a time at least. vitest's default (one worker less than the cores) is one
    // worker on a 2-core machine, where the API tests, waiting on PostgreSQL and the argon2 threads
    // most of their time, left the second core idle.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
        define: { __BUILD_LABEL__: JSON.stringify(''), __MOCK_API__: 'false' },
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
          exclude: API_MODULE_MOCKS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One embedded PostgreSQL for the run, each test file a database of its own copied from
          // its migrated template (src/test/postgres-cluster.ts), so files can run side by side
          // (and beside the other projects' files): they share no database, port or directory.
          globalSetup: ['./src/test/postgres-cluster.ts'],
          // The files of a worker share one module cache: Fastify, drizzle and the API's modules
          // are imported once per worker, not once per file (the import phase was 75 s of the
          // API's 183 s). Each file still builds its own app on its own database (startTestApi),
          // so nothing a test reads comes from another file; module-level state is what the API
          // keeps per process anyway (caches, counters), and the tests that replace a module
          // (vi.mock) run isolated, below.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-isolated',
          root: './api',
          environment: 'node',
          include: API_MODULE_MOCKS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./src/test/postgres-cluster.ts'],
        },
      },
    ],
  },
});
