import { createHash } from 'node:crypto';

/**
 * A prerendered page is complete before any script runs (text, layout, links, forms that post);
 * its scripts only hydrate it. So the shell's deferred scripts start after the first paint rather
 * than alongside the stylesheet: on a phone's shared, slow connection the first paint gets the
 * bandwidth, and the page is readable sooner (issue 12's LCP on `/`). The hints of the remote's files
 * stay (low priority); the shell's own script is requested by this loader, a frame after the paint.
 *
 * The loader is inline (no request of its own) and allowed by the CSP through its hash alone
 * (`script-src 'self' 'sha256-…'`): no other inline script runs.
 */
export const AFTER_PAINT_LOADER =
  "(function(s){var src=s&&s.getAttribute('data-after-paint');if(!src)return;" +
  "requestAnimationFrame(function(){setTimeout(function(){var e=document.createElement('script');e.src=src;document.head.appendChild(e);},0);});" +
  '})(document.currentScript);';

/** The CSP source that allows the loader and nothing else inline. */
export const AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/** The document's deferred scripts (`<script defer src=…></script>`) loaded after the first paint. */
export function scriptsAfterPaint(html: string): string {
  return html.replace(
    /<script defer src="([^"]+)"><\/script>/g,
    (_all, src: string) => `<script data-after-paint="${src}">${AFTER_PAINT_LOADER}</script>`,
  );
}
