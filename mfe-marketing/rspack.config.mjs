// mfe-marketing: builds alone (`pnpm --filter mfe-marketing build`) and runs alone (`pnpm --filter mfe-marketing dev`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@app/shared/build/federation';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => remoteConfig({ remote: 'marketing', dir, mode: argv.mode ?? 'production' });
