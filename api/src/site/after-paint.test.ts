import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../http/security-headers';
import { AFTER_PAINT_CSP_SOURCE, AFTER_PAINT_LOADER, scriptsAfterPaint } from './after-paint';

describe('scripts after the first paint (prerendered pages)', () => {
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

  it('the loader preloads the files and requests its script two frames after the paint, not before; nothing without a name', () => {
    const appended: Record<string, unknown>[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const attributes: Record<string, string> = {
      'data-after-paint': '/assets/main.abc.js',
      'data-preload': 'script:/r/remoteEntry.js fetch:/r/mf-manifest.json',
    };
    const document = {
      currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: Record<string, unknown>) => appended.push({ ...element }) },
    };
    const run = (doc: unknown): void => {
      vm.runInNewContext(AFTER_PAINT_LOADER, {
        document: doc,
        requestAnimationFrame: (f: () => void) => frames.push(f),
        setTimeout: (f: () => void) => timers.push(f),
      });
    };
    run(document);
    frames.shift()?.();
    frames.shift()?.();
    expect(appended).toEqual([]);
    timers.shift()?.();
    expect(appended).toEqual([
      { tag: 'link', rel: 'preload', as: 'script', href: '/r/remoteEntry.js' },
      { tag: 'link', rel: 'preload', as: 'fetch', href: '/r/mf-manifest.json', crossOrigin: 'anonymous' },
      { tag: 'script', src: '/assets/main.abc.js' },
    ]);

    run({ ...document, currentScript: null });
    expect(frames).toEqual([]);
  });
});
