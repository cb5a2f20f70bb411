import { createHash } from 'node:crypto';

/**
 * A prerendered page is complete before any script runs (text, layout, links, forms that post);
 * its scripts only hydrate it. The shell document draws the page's frame (header, a skeleton) from
 * its HTML and stylesheet alone. Either way the shell's deferred scripts start after the first
 * paint rather than alongside the stylesheet: on a phone's shared, slow connection the first paint
 * gets the bandwidth, and the page is drawn sooner (issue 12: LCP on `/`; on `/mypage` FCP and LCP
 * both earlier in Lighthouse's model). The loader preloads the page's files (the hints,
 * preload-hints.ts) and requests the shell's script, first in line (`fetchPriority` high: it starts
 * the chain that draws the page), once the browser reports the first contentful paint (two frames
 * later where it cannot; at the latest 3 s after the page's parse, so a page that is never painted
 * still starts). The preloads go out four at a time, one task each (`setTimeout 0` between), and the
 * shell's script after the last: starting a request costs the page's main thread a few ms on a slow
 * phone, and /mypage's 22 preloads and its script in one task made a 20–50 ms task (80–210 ms at
 * 4× CPU), the largest and most variable share of its Total Blocking Time in Lighthouse. The script still comes after every preload, so
 * none of its chunks is requested before its preload (which would fetch it twice).
 *
 * The loader is inline (no request of its own) and allowed by the CSP through its hash alone
 * (`script-src 'self' 'sha256-…'`): no other inline script runs.
 */
export const AFTER_PAINT_LOADER =
  "(function(s){var src=s&&s.getAttribute('data-after-paint');if(!src)return;" +
  "var pre=(s.getAttribute('data-preload')||'').split(' ').filter(Boolean),done=false;" +
  "function add(p){var i=p.indexOf(':'),l=document.createElement('link');" +
  "l.rel='preload';l.as=p.slice(0,i);l.href=p.slice(i+1);if(l.as==='fetch')l.crossOrigin='anonymous';document.head.appendChild(l);}" +
  'function go(){if(done)return;done=true;batch(0);}' +
  'function batch(n){pre.slice(n,n+4).forEach(add);if(n+4<pre.length){setTimeout(function(){batch(n+4);},0);return;}' +
  "var e=document.createElement('script');e.src=src;e.fetchPriority='high';document.head.appendChild(e);}" +
  'function later(){setTimeout(go,0);}' +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){" +
  "new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();later();}}).observe({type:'paint',buffered:true});" +
  'setTimeout(go,3000);}else{requestAnimationFrame(function(){requestAnimationFrame(later);});}' +
  '})(document.currentScript);';

/** The CSP source that allows the loader and nothing else inline. */
export const AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/** The document's deferred scripts: the shell's own, as the build writes them. */
const DEFERRED_SCRIPTS = /<script defer src="([^"]+)"><\/script>/g;

/** Whether the document has a deferred script for the loader to start. */
export const hasDeferredScript = (html: string): boolean => html.search(DEFERRED_SCRIPTS) !== -1;

/** A file to fetch after the paint, as the loader reads it (`as:href`). */
export interface AfterPaintFile {
  readonly href: string;
  readonly as: 'script' | 'style' | 'fetch';
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The document's deferred scripts (`<script defer src=…></script>`) loaded after the first paint,
 * with `files` (the page's remote entry and first chunks, preload-hints.ts) preloaded at the same
 * moment: nothing but the document and its stylesheets is requested before the page is drawn.
 */
export function scriptsAfterPaint(html: string, files: readonly AfterPaintFile[] = []): string {
  const preload = files
    .filter((f) => !/\s/.test(f.href))
    .map((f) => `${f.as}:${f.href}`)
    .join(' ');
  const attribute = preload === '' ? '' : ` data-preload="${escapeAttr(preload)}"`;
  return html.replace(
    DEFERRED_SCRIPTS,
    (_all, src: string) => `<script data-after-paint="${src}"${attribute}>${AFTER_PAINT_LOADER}</script>`,
  );
}
