import { describe, expect, it } from 'vitest';
import { hasDeferredScript, scriptsAfterPaint } from './after-paint';
import type { AfterPaintLoader } from './shell-build';

// The loader's own behaviour is tested on the built file (shell/src/after-paint/loader.test.ts).
const loader: AfterPaintLoader = { file: 'assets/after-paint.1.js', script: '(function(){})();', cspSource: "'sha256-x'" };

describe('scripts after the first paint', () => {
  it("rewrites each deferred script into the inline loader naming it; other scripts and the page's content stay", () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/site.css"></head><body><div id="app-root"><h1>請求書買取</h1></div>' +
      '<script defer src="/assets/main.abc.js"></script><script src="/other.js"></script></body>';
    expect(hasDeferredScript(html)).toBe(true);
    expect(scriptsAfterPaint(html, loader)).toBe(
      '<head><link rel="stylesheet" href="/assets/site.css"></head><body><div id="app-root"><h1>請求書買取</h1></div>' +
        '<script data-after-paint="/assets/main.abc.js">(function(){})();</script><script src="/other.js"></script></body>',
    );
    expect(hasDeferredScript('<p>no scripts</p>')).toBe(false);
    expect(scriptsAfterPaint('<p>no scripts</p>', loader)).toBe('<p>no scripts</p>');
  });

  it('names the files to preload in data-preload (`as:href`), leaving out an href with a space, escaped', () => {
    expect(
      scriptsAfterPaint('<script defer src="/assets/main.abc.js"></script>', loader, [
        { href: '/remotes/mfe-marketing/1/remoteEntry.js', as: 'script' },
        { href: '/remotes/mfe-marketing/1/mf-manifest.json', as: 'fetch' },
        { href: '/a b.js', as: 'script' },
        { href: '/x.css?a=1&b="2"', as: 'style' },
      ]),
    ).toBe(
      '<script data-after-paint="/assets/main.abc.js" data-preload="script:/remotes/mfe-marketing/1/remoteEntry.js ' +
        'fetch:/remotes/mfe-marketing/1/mf-manifest.json style:/x.css?a=1&amp;b=&quot;2&quot;">(function(){})();</script>',
    );
  });
});
