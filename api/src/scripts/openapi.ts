// Writes api/openapi.json from the endpoint catalogue (`pnpm --filter @app/api run openapi`).
// A test fails when the committed file differs from what this writes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiJson } from '../openapi';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');
fs.writeFileSync(file, await openApiJson());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
