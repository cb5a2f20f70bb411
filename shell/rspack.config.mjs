// The shell: the only host. It knows no remote at build time; /deployment.json names them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostConfig } from '@app/shared/build/federation';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => hostConfig({ dir, mode: argv.mode ?? 'production' });
