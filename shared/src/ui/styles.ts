/**
 * Adding the site's stylesheets to the document. The text of the site stylesheet is in
 * ./site-css.ts, loaded only when a page has to inject it.
 */
export const SITE_STYLE_ID = 'app-shared-styles';

/**
 * Adds a stylesheet once per id. Remotes add their own page styles this way, written against the
 * site's tokens (CSS variables of ./site-css.ts), never with values of their own.
 */
export function ensureStyleSheet(id: string, css: string, doc: Document | undefined = globalThis.document): void {
  // Without a document (the build-time prerender in Node) the page's stylesheet is linked instead.
  // With one, a sheet of this id already there (a <link> the prerendered HTML or the shell's
  // index.html carries, or a <style> added before) is kept.
  if (!doc || doc.getElementById(id)) return;
  const style = doc.createElement('style');
  style.id = id;
  style.textContent = css;
  doc.head.appendChild(style);
}

/**
 * The site stylesheet (tokens and base). The assembled site links it from index.html as a static,
 * content-hashed file (`<link id="app-shared-styles">`, written by scripts/prerender.mjs), so this
 * does nothing there and loads nothing; a remote's own dev server and the shell's dev server load
 * its text (./site-css.ts) and inject it here. Resolves once the sheet is in the document.
 */
export async function ensureStyles(doc: Document | undefined = globalThis.document): Promise<void> {
  if (!doc || doc.getElementById(SITE_STYLE_ID)) return;
  const { SITE_CSS } = await import('./site-css');
  ensureStyleSheet(SITE_STYLE_ID, SITE_CSS, doc);
}
