import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: two levels up from api/src. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The api/ package directory. */
export const API_DIR = path.join(REPO_ROOT, 'api');

/** SQL migrations written by drizzle-kit (see drizzle.config.ts). */
export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');
