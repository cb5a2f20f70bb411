import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from './test/support';
import { watchedFile } from './watched-file';

let dir: string;
let file: string;
let clock: number;
let parses: number;
const now = () => new Date(clock);
const parse = (text: string) => {
  parses += 1;
  return JSON.parse(text) as { v: number };
};
/** A release's write: a new file renamed over the old one. */
const write = (v: number) => {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ v }));
  fs.renameSync(`${file}.tmp`, file);
};

beforeEach(() => {
  dir = makeTempDir('watched-file');
  file = path.join(dir, 'deployment.json');
  clock = 1_000_000;
  parses = 0;
});
afterEach(() => removeDir(dir));

describe('watchedFile', () => {
  it('current(): parsed once per version of the file, a rewrite seen at once, a removal as undefined', () => {
    const watched = watchedFile(file, parse, { now });
    expect(watched.current()).toBeUndefined();
    write(1);
    expect(watched.current()).toEqual({ v: 1 });
    expect(watched.current()).toEqual({ v: 1 });
    expect(parses).toBe(1);
    write(2);
    expect(watched.current()).toEqual({ v: 2 });
    expect(parses).toBe(2);
    fs.rmSync(file);
    expect(watched.current()).toBeUndefined();
  });

  it('recent(): the last check for a second of the clock, then the file again', () => {
    write(1);
    const watched = watchedFile(file, parse, { now });
    expect(watched.recent()).toEqual({ v: 1 });
    write(2);
    clock += 999;
    expect(watched.recent()).toEqual({ v: 1 });
    clock += 1;
    expect(watched.recent()).toEqual({ v: 2 });
    fs.rmSync(file);
    expect(watched.recent()).toEqual({ v: 2 });
    clock += 1000;
    expect(watched.recent()).toBeUndefined();
  });

  it('recent() after current() trusts that check; a clock moved back checks again', () => {
    write(1);
    const watched = watchedFile(file, parse, { now, recheckMs: 5000 });
    expect(watched.current()).toEqual({ v: 1 });
    write(2);
    expect(watched.recent()).toEqual({ v: 1 });
    clock -= 1;
    expect(watched.recent()).toEqual({ v: 2 });
  });

  it('a file that does not parse reads as undefined until it is fixed', () => {
    fs.writeFileSync(file, '{ broken');
    const watched = watchedFile(file, parse, { now });
    expect(watched.current()).toBeUndefined();
    write(3);
    expect(watched.current()).toEqual({ v: 3 });
  });
});
