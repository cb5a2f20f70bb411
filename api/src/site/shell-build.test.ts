import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeShellBuild } from '../test/shell-build';
import { makeTempDir, removeDir } from '../test/support';
import { NO_SHELL_BUILD, SHELL_BUILD_FILE, createShellBuild, inlinable, sha256Base64 } from './shell-build';

let siteDir: string;
beforeEach(() => {
  siteDir = makeTempDir('shell-build');
});
afterEach(() => removeDir(siteDir));

describe("the shell build's record (loader.json)", () => {
  it('reads the loader the record names, with the CSP source of its recorded SHA-256, and the eager shared modules', () => {
    const written = writeShellBuild(siteDir, { eagerShared: ['react', '@app/shared/core'] });
    const build = createShellBuild(siteDir).current();
    expect(build.loader).toEqual(written);
    expect(build.loader?.cspSource).toBe(`'sha256-${sha256Base64(written.script)}'`);
    expect(build.eagerShared).toEqual(['react', '@app/shared/core']);
  });

  it('no record, an unreadable one, or one of another shape: no loader and no eager shared modules', () => {
    const reader = createShellBuild(siteDir);
    expect(reader.current()).toBe(NO_SHELL_BUILD);
    fs.writeFileSync(path.join(siteDir, SHELL_BUILD_FILE), '{ not json');
    expect(reader.current()).toBe(NO_SHELL_BUILD);
    fs.writeFileSync(path.join(siteDir, SHELL_BUILD_FILE), JSON.stringify({ loader: { file: 1 }, eagerShared: ['react', 2] }));
    expect(reader.current()).toEqual({ loader: undefined, eagerShared: ['react'] });
  });

  it('refuses a loader whose text is not the one recorded, one outside the site, or one that would end the inline script', () => {
    writeShellBuild(siteDir, { sha256: sha256Base64('another text') });
    expect(createShellBuild(siteDir).current().loader).toBeUndefined();
    fs.writeFileSync(path.join(siteDir, 'x.js'), 'ok();');
    for (const file of ['../x.js', path.join(siteDir, 'x.js')]) {
      fs.writeFileSync(path.join(siteDir, SHELL_BUILD_FILE), JSON.stringify({ loader: { file, sha256: sha256Base64('ok();') } }));
      expect(createShellBuild(siteDir).current().loader).toBeUndefined();
    }
    const closing = 'document.write("</script><script>alert(1)");';
    writeShellBuild(siteDir, { script: closing });
    expect(createShellBuild(siteDir).current().loader).toBeUndefined();
    expect(inlinable(closing)).toBe(false);
    expect(inlinable('a<!--b')).toBe(false);
    expect(inlinable('if(a<b)c();')).toBe(true);
  });

  it("a loader file not there yet (a site being copied) is found at the next call; a new shell's record is read at once", () => {
    const reader = createShellBuild(siteDir);
    const first = writeShellBuild(siteDir);
    fs.rmSync(path.join(siteDir, first.file));
    expect(reader.current().loader).toBeUndefined();
    fs.writeFileSync(path.join(siteDir, first.file), first.script);
    expect(reader.current().loader).toEqual(first);
    // Unchanged: the same object (what callers derive from it stays cached).
    expect(reader.current()).toBe(reader.current());
    const next = writeShellBuild(siteDir, {
      script: '(function(){})();',
      file: 'assets/after-paint.abcdef0123.js',
      eagerShared: ['react'],
    });
    expect(reader.current()).toEqual({ loader: next, eagerShared: ['react'] });
  });
});
