// Build-time prerender of the public pages (run by scripts/prerender.mjs with tsx, never bundled
// into the site): each marketing route rendered with react-dom/static into the HTML of the
// element single-spa mounts this remote into, as a visitor who is not logged in sees it with the
// site's runtime config. The browser hydrates it (shared `renderTypeFor`).
//
//   tsx src/prerender.tsx <config.json> <out.json>
//
// writes { siteCss, marketingCss, containerId, configFingerprint, pages: [{ path, title, html }] }
// to out.json (scripts/prerender.mjs writes the site's files from it).
import { StaticRouter } from 'react-router-dom';
import { defineBrowserBuildGlobals, renderForHydration as render, runPrerenderCli } from '@app/shared/prerender';

/** The marketing page paths written as HTML at build time (every route this remote owns). */
export async function prerenderPages(configJson: unknown) {
  defineBrowserBuildGlobals();
  const shared = await import('@app/shared');
  // Its own entry: the text of the site stylesheet is in no bundle the pages load (the site links it).
  const { SITE_CSS } = await import('@app/shared/site-css');
  const { MARKETING_CSS } = await import('./styles');
  const { pages } = await import('./app/pages');
  const config = shared.RuntimeConfigSchema.parse(configJson);
  shared.setRuntimeConfig(config);

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

await runPrerenderCli(prerenderPages);
