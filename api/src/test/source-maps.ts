import fs from 'node:fs';
import path from 'node:path';
import { addMapping, GenMapping, toEncodedMap } from '@jridgewell/gen-mapping';

/** One mapping: where `at` first occurs in the script is the original `source` at `line`:`column` (1-based). */
export interface MappedSnippet {
  readonly at: string;
  readonly source: string;
  readonly line: number;
  readonly column: number;
  readonly name?: string;
}

/**
 * A built script of the site and its hidden source map where the release scripts keep it (the map
 * made by a real generator, @jridgewell/gen-mapping, as a bundler's): `script` relative to the site
 * (`remotes/mfe-mypage/<version>/x.js`), its map at `.release/sourcemaps/<script>.map`. Returns the
 * 1-based column of each snippet in the script (its first line).
 */
export function writeBuiltScript(
  siteDir: string,
  script: string,
  code: string,
  snippets: readonly MappedSnippet[],
): Record<string, number> {
  const map = new GenMapping({ file: path.posix.basename(script) });
  const columns: Record<string, number> = {};
  for (const snippet of snippets) {
    const at = code.indexOf(snippet.at);
    if (at === -1 || code.slice(0, at).includes('\n')) throw new Error(`${snippet.at} is not on the script's first line`);
    columns[snippet.at] = at + 1;
    const generated = { line: 1, column: at };
    const original = { line: snippet.line, column: snippet.column - 1 };
    if (snippet.name === undefined) addMapping(map, { generated, source: snippet.source, original });
    else addMapping(map, { generated, source: snippet.source, original, name: snippet.name });
  }
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(siteDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, relative), text);
  };
  write(script, code);
  write(`.release/sourcemaps/${script}.map`, JSON.stringify(toEncodedMap(map)));
  return columns;
}
