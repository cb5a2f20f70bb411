// mfe-backoffice: builds alone (`pnpm --filter mfe-backoffice build`) and runs alone (`pnpm --filter mfe-backoffice dev`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@app/shared/build/federation';

const dir = path.dirname(fileURLToPath(import.meta.url));

// `--env mock` (the dev:mock script): the standalone page answers /api itself (MSW), no API needed.
export default (env, argv) => remoteConfig({ remote: 'backoffice', dir, mode: argv.mode ?? 'production', mock: Boolean(env?.mock) });
