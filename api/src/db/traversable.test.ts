import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { ensureParentsTraversable } from './embedded';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('as root, private parents of the data directory get o+x (only), and it is said', () => {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'trav-')); // 0700, like a fresh `mktemp -d` clone
  made.push(top);
  const inner = path.join(top, 'repo', '.data');
  fs.mkdirSync(inner, { recursive: true, mode: 0o700 });
  fs.chmodSync(path.join(top, 'repo'), 0o750);
  const log = vi.fn();
  ensureParentsTraversable(path.join(inner, 'postgres'), log);
  const mode = (p: string) => fs.statSync(p).mode & 0o777;
  if (process.getuid?.() === 0) {
    expect(mode(top)).toBe(0o701);
    expect(mode(path.join(top, 'repo'))).toBe(0o751);
    expect(mode(inner)).toBe(0o701);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`made ${top} enterable (o+x)`));
    // Already enterable: nothing more to do or say.
    log.mockClear();
    ensureParentsTraversable(path.join(inner, 'postgres'), log);
    expect(log).not.toHaveBeenCalled();
  } else {
    // Not root: postgres runs as us, nothing is changed.
    expect(mode(top)).toBe(0o700);
    expect(log).not.toHaveBeenCalled();
  }
});
