// Build-time prerender of the public pages (run by scripts/prerender.mjs with tsx, never bundled
// into the site): each marketing route rendered with react-dom/static into the HTML of the
// element single-spa mounts this remote into, as a visitor who is not logged in sees it with the
// site's runtime config. The browser hydrates it (shared `renderTypeFor`).
//
//   tsx src/prerender.tsx <config.json> <out.json>
//
// writes { siteCss, marketingCss, containerId, configFingerprint, pages: [{ path, title, html }] }
// to out.json (scripts/prerender.mjs writes the site's files from it).
import fs from 'node:fs';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';

/** The marketing page paths written as HTML at build time (every route this remote owns). */
export async function prerenderPages(configJson: unknown) {
  const globals = globalThis as Record<string, unknown>;
  // What the browser build defines (shared/build/federation.mjs DefinePlugin).
  globals.__BUILD_LABEL__ = process.env.BUILD_LABEL ?? '';
  globals.__MOCK_API__ = false;
  const shared = await import('@app/shared');
  // Its own entry: the text of the site stylesheet is in no bundle the pages load (the site links it).
  const { SITE_CSS } = await import('@app/shared/site-css');
  const { MARKETING_CSS } = await import('./styles');
  const { pages } = await import('./app/pages');
  const config = shared.RuntimeConfigSchema.parse(configJson);
  shared.setRuntimeConfig(config);

  // First pass: waits for the page's lazy chunk (its Suspense boundary). Second pass: everything
  // resolved, the HTML with every boundary inline (react-dom 19.2 would otherwise move large ones
  // to a script), as hydration expects it.
  const render = async (node: ReactNode): Promise<string> => {
    const { prelude } = await prerenderToNodeStream(node);
    prelude.resume();
    await new Promise((resolve) => prelude.on('end', resolve));
    return renderToString(node);
  };

  const out: { path: string; title: string; html: string }[] = [];
  for (const route of shared.ROUTES) {
    if (route.remote !== 'marketing') continue;
    const html = await render(
      <StaticRouter location={route.path}>
        <shared.RemoteRoutes remote="marketing" pages={pages} />
      </StaticRouter>,
    );
    // A route that redirects or shows nothing for a visitor is left to the browser.
    if (!html.includes('<main')) continue;
    out.push({ path: route.path, title: shared.documentTitle(route), html });
  }
  return {
    siteCss: SITE_CSS,
    marketingCss: MARKETING_CSS,
    containerId: shared.containerIdFor(shared.CONTAINERS.marketing),
    configFingerprint: shared.configFingerprint(config),
    pages: out,
  };
}

const [configFile, outFile] = process.argv.slice(2);
if (configFile && outFile) {
  const result = await prerenderPages(JSON.parse(fs.readFileSync(configFile, 'utf8')));
  fs.writeFileSync(outFile, JSON.stringify(result));
}
