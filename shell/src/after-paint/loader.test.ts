// @vitest-environment node
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { rspack, type Configuration } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The after-paint loader as the shell's production build makes it (rspack.config.mjs, both of its
 * compilations, into a folder of its own): the file and loader.json the server reads, and the
 * built script run against a fake page.
 */
const SHELL = path.resolve(__dirname, '../..');
let outDir: string;
let record: { version: number; loader: { file: string; sha256: string }; eagerShared: string[] };
let script: string;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'after-paint-build-'));
  const previous = process.env.OUT_DIR;
  process.env.OUT_DIR = outDir;
  try {
    const configFile = path.join(SHELL, 'rspack.config.mjs');
    const { default: configOf } = (await import(configFile)) as {
      default: (env: unknown, argv: { mode: string }) => Configuration | Configuration[];
    };
    const configs = configOf({}, { mode: 'production' });
    await new Promise<void>((resolve, reject) =>
      rspack(configs as Configuration[], (error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
        else resolve();
      }),
    );
  } finally {
    if (previous === undefined) delete process.env.OUT_DIR;
    else process.env.OUT_DIR = previous;
  }
  record = JSON.parse(fs.readFileSync(path.join(outDir, 'loader.json'), 'utf8')) as typeof record;
  script = fs.readFileSync(path.join(outDir, record.loader.file), 'utf8');
}, 120_000);

afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the build of the loader', () => {
  it('writes the loader beside the shell and records its file and the SHA-256 of its text', () => {
    expect(record.version).toBe(1);
    expect(record.loader.file).toMatch(/^assets\/after-paint\.[0-9a-f]{10}\.js$/);
    expect(record.loader.sha256).toBe(createHash('sha256').update(script).digest('base64'));
    // The host's own output is there too: the loader's compilation cleaned nothing.
    expect(fs.existsSync(path.join(outDir, 'index.html'))).toBe(true);
    expect(fs.existsSync(path.join(outDir, 'mf-manifest.json'))).toBe(true);
    // index.html runs the shell's script, not the loader (the server puts the loader in its place).
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).not.toContain('after-paint');
  });

  it('is one tiny classic script: no module runtime, nothing that would end an inline <script>', () => {
    expect(Buffer.byteLength(script)).toBeLessThan(1200);
    expect(script).not.toMatch(/__webpack_require__|webpackChunk|__rspack|\bimport\b|\bexport\b/);
    expect(script).not.toMatch(/<\/script|<!--/i);
  });

  it("records the shared modules the shell's entry and bootstrap consume, as bundled (bootstrap.tsx's imports and its JSX runtime)", () => {
    expect(record.eagerShared).toEqual([...record.eagerShared].sort());
    expect(record.eagerShared).toEqual(
      expect.arrayContaining(['react', 'react/jsx-runtime', 'react-dom/client', 'react-router-dom', 'zustand/vanilla', '@app/shared/core']),
    );
    // The API client and the form kit load only when a page calls the API.
    expect(record.eagerShared).not.toContain('@app/shared');
  });
});

describe('the loader', () => {
  const attributes: Record<string, string> = {
    'data-after-paint': '/assets/main.abc.js',
    'data-preload': 'script:/r/remoteEntry.js fetch:/r/mf-manifest.json',
  };
  const LOADED = [
    { tag: 'link', rel: 'preload', as: 'script', href: '/r/remoteEntry.js' },
    { tag: 'link', rel: 'preload', as: 'fetch', href: '/r/mf-manifest.json', crossOrigin: 'anonymous' },
    { tag: 'script', src: '/assets/main.abc.js', fetchPriority: 'high' },
  ];

  type Callback = (list: unknown, observer: unknown) => void;

  /** Runs the built loader against a fake page; returns what it appended and the page's clocks. */
  function page(options: { paintTiming: boolean; named?: boolean; preload?: string }) {
    const appended: Record<string, unknown>[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const observers: { callback: Callback; disconnected: boolean }[] = [];
    class FakeObserver {
      static readonly supportedEntryTypes = ['paint', 'resource'];
      readonly entry: { callback: Callback; disconnected: boolean };
      constructor(callback: Callback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const document = {
      currentScript:
        options.named === false
          ? null
          : {
              getAttribute: (name: string) =>
                name === 'data-preload' && options.preload !== undefined ? options.preload : (attributes[name] ?? null),
            },
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: Record<string, unknown>) => appended.push({ ...element }) },
    };
    vm.runInNewContext(script, {
      document,
      window: options.paintTiming ? { PerformanceObserver: FakeObserver } : {},
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    });
    const paint = (name: string) => {
      for (const o of observers) {
        const list = { getEntriesByName: (asked: string) => (asked === name ? [{ name }] : []) };
        o.callback(list, { disconnect: () => (o.disconnected = true) });
      }
    };
    return { appended, frames, timers, observers, paint };
  }

  it('preloads the files and adds the script once the first contentful paint is reported, not before', () => {
    const p = page({ paintTiming: true });
    // Only the 3 s safety timer is set; nothing is requested.
    expect(p.timers.map((t) => t.ms)).toEqual([3000]);
    p.paint('first-paint');
    expect(p.timers).toHaveLength(1);
    p.paint('first-contentful-paint');
    expect(p.observers[0]?.disconnected).toBe(true);
    expect(p.appended).toEqual([]);
    p.timers[1]?.run();
    expect(p.appended).toEqual(LOADED);
    // The safety timer later adds nothing twice.
    p.timers[0]?.run();
    expect(p.appended).toEqual(LOADED);
  });

  it('more than four files: four per task, the script after the last', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((name) => `script:/r/${name}.js`);
    const p = page({ paintTiming: true, preload: files.join(' ') });
    p.paint('first-contentful-paint');
    p.timers[1]?.run();
    const hrefs = () => p.appended.map((e) => e.href ?? e.src);
    expect(hrefs()).toEqual(['/r/a.js', '/r/b.js', '/r/c.js', '/r/d.js']);
    expect(p.timers.map((t) => t.ms)).toEqual([3000, 0, 0]);
    p.timers[2]?.run();
    expect(hrefs()).toEqual(['/r/a.js', '/r/b.js', '/r/c.js', '/r/d.js', '/r/e.js', '/r/f.js', '/r/g.js', '/r/h.js']);
    p.timers[3]?.run();
    expect(hrefs()).toEqual([...files.map((f) => f.slice('script:'.length)), '/assets/main.abc.js']);
    expect(p.appended.at(-1)).toEqual({ tag: 'script', src: '/assets/main.abc.js', fetchPriority: 'high' });
    expect(p.timers).toHaveLength(4);
    // The safety timer adds nothing twice.
    p.timers[0]?.run();
    expect(p.appended).toHaveLength(10);
  });

  it('no files to preload: the script alone, after the paint', () => {
    const p = page({ paintTiming: true, preload: '' });
    p.paint('first-contentful-paint');
    p.timers[1]?.run();
    expect(p.appended).toEqual([{ tag: 'script', src: '/assets/main.abc.js', fetchPriority: 'high' }]);
  });

  it('a page that is never painted still loads, 3 s after its parse', () => {
    const p = page({ paintTiming: true });
    p.timers[0]?.run();
    expect(p.appended).toEqual(LOADED);
  });

  it('without paint timing: two frames after the paint', () => {
    const p = page({ paintTiming: false });
    expect(p.timers).toEqual([]);
    p.frames.shift()?.();
    expect(p.appended).toEqual([]);
    p.frames.shift()?.();
    expect(p.appended).toEqual([]);
    p.timers[0]?.run();
    expect(p.appended).toEqual(LOADED);
  });

  it('nothing without a script to load', () => {
    const p = page({ paintTiming: true, named: false });
    expect(p.timers).toEqual([]);
    expect(p.observers).toEqual([]);
    expect(p.frames).toEqual([]);
  });
});
