import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SHELL_BUILD_FILE, type AfterPaintLoader } from '../site/shell-build';

/** A stand-in for the built loader: any script text does for the server (it only inlines it). */
export const TEST_LOADER_SCRIPT = "(function(s){document.head.appendChild(document.createElement('script'));})(document.currentScript);";

/**
 * Writes what the shell's build writes for the server into a test site: the loader's file and
 * loader.json naming it with its SHA-256 (shared/build/after-paint.mjs). Returns the loader as the
 * server should read it.
 */
export function writeShellBuild(
  siteDir: string,
  { script = TEST_LOADER_SCRIPT, eagerShared = [] as readonly string[], file = 'assets/after-paint.0123456789.js', sha256 = '' } = {},
): AfterPaintLoader {
  const hash = sha256 || createHash('sha256').update(script).digest('base64');
  fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
  fs.writeFileSync(path.join(siteDir, file), script);
  fs.writeFileSync(path.join(siteDir, SHELL_BUILD_FILE), JSON.stringify({ version: 1, loader: { file, sha256: hash }, eagerShared }));
  return { file, script, cspSource: `'sha256-${hash}'` };
}
