import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The projects of vitest.config.ts for scripts/test-node24.mjs, with one change: the shared
// package's tests run in Node's environment (no jsdom, no DOM setup file). That run takes only the
// shared code that runs on Node in production (the domain, contracts and copy, inside the API):
// what a second Node version can change there is Node's own (V8, ICU, Intl), which jsdom would
// only stand in front of.
const projects = (base.test?.projects ?? []).map((project) =>
  typeof project === 'object' && 'test' in project && project.test?.name === 'shared'
    ? { ...project, test: { ...project.test, environment: 'node', setupFiles: [] } }
    : project,
);

export default defineConfig({ ...base, test: { ...base.test, projects } });
