/**
 * A prerendered page is complete before any script runs (text, layout, links, forms that post);
 * its scripts only hydrate it. The shell document draws the page's frame (header, a skeleton) from
 * its HTML and stylesheet alone. Either way the shell's deferred scripts start after the first
 * paint rather than alongside the stylesheet (issue 12): the document's `<script defer src=…>`
 * becomes the after-paint loader, inline, naming the script and the files to preload (the hints,
 * preload-hints.ts) in its attributes. The loader is a source file of the shell
 * (shell/src/after-paint/loader.ts: what it does and why) built by the shell's build into its own
 * small file; the build records the file and its SHA-256 in loader.json (./shell-build.ts), the
 * server inlines that text, and the CSP allows it by that hash alone (`script-src 'self'
 * 'sha256-…'`, ./security-headers.ts): no other inline script runs.
 */
import type { AfterPaintLoader } from './shell-build';

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
 * The document's deferred scripts (`<script defer src=…></script>`) loaded by `loader` after the
 * first paint, with `files` (the page's remote entry and first chunks, preload-hints.ts) preloaded
 * at the same moment: nothing but the document and its stylesheets is requested before the page is
 * drawn.
 */
export function scriptsAfterPaint(html: string, loader: AfterPaintLoader, files: readonly AfterPaintFile[] = []): string {
  const preload = files
    .filter((f) => !/\s/.test(f.href))
    .map((f) => `${f.as}:${f.href}`)
    .join(' ');
  const attribute = preload === '' ? '' : ` data-preload="${escapeAttr(preload)}"`;
  return html.replace(DEFERRED_SCRIPTS, (_all, src: string) => `<script data-after-paint="${src}"${attribute}>${loader.script}</script>`);
}
