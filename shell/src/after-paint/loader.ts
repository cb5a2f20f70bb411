/**
 * The after-paint loader: the one inline script of the site's documents (issue 12).
 *
 * A prerendered page is complete before any script runs (text, layout, links, forms that post); its
 * scripts only hydrate it. The shell document draws the page's frame (header, a skeleton) from its
 * HTML and stylesheet alone. Either way the shell's deferred scripts start after the first paint
 * rather than alongside the stylesheet: on a phone's shared, slow connection the first paint gets the
 * bandwidth, and the page is drawn sooner (LCP on `/`; on `/mypage` FCP and LCP both earlier in
 * Lighthouse's model).
 *
 * The server (api/src/site/after-paint.ts) puts this script where the document had the shell's
 * `<script defer src=…>`, with that script's URL in `data-after-paint` and the page's files to
 * preload (its hints, api/src/site/preload-hints.ts) in `data-preload` (`as:href`, space-separated).
 * Once the browser reports the first contentful paint (two frames later where it cannot; at the latest
 * 3 s after the page's parse, so a page that is never painted still starts) it preloads the files and
 * then requests the shell's script, first in line (`fetchPriority` high: it starts the chain that
 * draws the page). The preloads go out four at a time, one task each (`setTimeout 0` between), and
 * the script after the last: starting a request costs the page's main thread a few ms on a slow
 * phone, and /mypage's 22 preloads and its script in one task made a 20–50 ms task (80–210 ms at 4×
 * CPU), the largest and most variable share of its Total Blocking Time in Lighthouse. The script
 * still comes after every preload, so none of its chunks is requested before its preload (which
 * would fetch it twice).
 *
 * Built on its own (shared/build/after-paint.mjs): no import, no module runtime, a few hundred bytes.
 * The build records the file and the SHA-256 of its text in loader.json; the server inlines exactly
 * that text and allows it by that hash in the CSP. Plain DOM only, run once, synchronously, where it
 * stands in the document (`document.currentScript`).
 */

/** Files preloaded per task. */
const BATCH = 4;
/** The latest start after the page's parse when no paint is reported. */
const LATEST_MS = 3000;

function afterPaint(script: HTMLOrSVGScriptElement | null): void {
  const src = script?.getAttribute('data-after-paint');
  if (!script || !src) return;
  const files = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;

  const preload = (file: string) => {
    const colon = file.indexOf(':');
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = file.slice(0, colon);
    link.href = file.slice(colon + 1);
    // The MF runtime fetches a manifest with `fetch()`: a cors request, hence the same mode here.
    if (link.as === 'fetch') link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  };

  const load = (from: number) => {
    files.slice(from, from + BATCH).forEach(preload);
    if (from + BATCH < files.length) {
      setTimeout(() => load(from + BATCH), 0);
      return;
    }
    const main = document.createElement('script');
    main.src = src;
    main.fetchPriority = 'high';
    document.head.appendChild(main);
  };

  const start = () => {
    if (started) return;
    started = true;
    load(0);
  };
  // In a task of its own, after the paint's frame.
  const soon = () => setTimeout(start, 0);

  const Observer = window.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    new Observer((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        soon();
      }
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, LATEST_MS);
  } else {
    requestAnimationFrame(() => requestAnimationFrame(soon));
  }
}

afterPaint(document.currentScript);
