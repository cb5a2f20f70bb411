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
  });

  it('the CSP allows exactly this loader inline, by its SHA-256, and no inline script otherwise', () => {
    const hash = createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64');
    expect(AFTER_PAINT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
    const scriptSrc = /script-src ([^;]*);/.exec(contentSecurityPolicy([]))?.[1];
    expect(scriptSrc).toBe(`'self' ${AFTER_PAINT_CSP_SOURCE}`);
  });

  it('the loader requests its script a frame after the paint, not before, and nothing without a name', () => {
    const appended: string[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const script = { getAttribute: (name: string) => (name === 'data-after-paint' ? '/assets/main.abc.js' : null) };
    const document = {
      currentScript: script,
      createElement: () => ({ src: '' }),
      head: { appendChild: (element: { src: string }) => appended.push(element.src) },
    };
    const run = (doc: unknown): void => {
      vm.runInNewContext(AFTER_PAINT_LOADER, {
        document: doc,
        requestAnimationFrame: (f: () => void) => frames.push(f),
        setTimeout: (f: () => void) => timers.push(f),
      });
    };
    run(document);
    expect(appended).toEqual([]);
    frames.shift()?.();
    expect(appended).toEqual([]);
    timers.shift()?.();
    expect(appended).toEqual(['/assets/main.abc.js']);

    run({ ...document, currentScript: null });
    expect(frames).toEqual([]);
  });
});
