import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';
import { AFTER_PAINT_CSP_SOURCE, AFTER_PAINT_LOADER, scriptsAfterPaint } from './after-paint';

describe('scripts after the first paint', () => {
  it("rewrites each deferred script into the inline loader naming it; other scripts and the page's content stay", () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/site.css"></head><body><div id="app-root"><h1>請求書買取</h1></div>' +
      '<script defer src="/assets/main.abc.js"></script><script src="/other.js"></script></body>';
    expect(scriptsAfterPaint(html)).toBe(
      '<head><link rel="stylesheet" href="/assets/site.css"></head><body><div id="app-root"><h1>請求書買取</h1></div>' +
        `<script data-after-paint="/assets/main.abc.js">${AFTER_PAINT_LOADER}</script><script src="/other.js"></script></body>`,
    );
    expect(scriptsAfterPaint('<p>no scripts</p>')).toBe('<p>no scripts</p>');
    expect(
      scriptsAfterPaint('<script defer src="/assets/main.abc.js"></script>', [
        { href: '/remotes/mfe-marketing/1/remoteEntry.js', as: 'script' },
        { href: '/remotes/mfe-marketing/1/mf-manifest.json', as: 'fetch' },
      ]),
    ).toBe(
      '<script data-after-paint="/assets/main.abc.js" data-preload="script:/remotes/mfe-marketing/1/remoteEntry.js fetch:/remotes/mfe-marketing/1/mf-manifest.json">' +
        `${AFTER_PAINT_LOADER}</script>`,
    );
  });

  it('the CSP allows exactly this loader inline, by its SHA-256, and no inline script otherwise', () => {
    const hash = createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64');
    expect(AFTER_PAINT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
    const scriptSrc = /script-src ([^;]*);/.exec(contentSecurityPolicy([]))?.[1];
    expect(scriptSrc).toBe(`'self' ${AFTER_PAINT_CSP_SOURCE}`);
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

    /** Runs the loader against a fake page; returns what it appended and the page's clocks. */
    function page(options: { paintTiming: boolean; named?: boolean; preload?: string }) {
      const appended: Record<string, unknown>[] = [];
      const frames: (() => void)[] = [];
      const timers: { run: () => void; ms: number }[] = [];
      const observers: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean }[] = [];
      class FakeObserver {
        static readonly supportedEntryTypes = ['paint', 'resource'];
        readonly entry: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean };
        constructor(callback: (list: unknown, observer: unknown) => void) {
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
      vm.runInNewContext(AFTER_PAINT_LOADER, {
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

    it('a page that is never painted still loads, 3 s after its parse', () => {
      const p = page({ paintTiming: true });
      p.timers[0]?.run();
      expect(p.appended).toEqual(LOADED);
    });

    it('without paint timing: two frames after the paint', () => {
      const p = page({ paintTiming: false });
      expect(p.timers).toEqual([]);
      p.frames.shift()?.();
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
});
