// Build-time prerender of the anonymous forms of this remote (run by scripts/prerender.mjs with
// tsx, never bundled into the site): /login, /register and the password-reset request rendered
// with react-dom into the HTML of the element single-spa mounts this remote into, as a visitor who
// is not logged in sees them with the site's runtime config. The browser hydrates it (shared
// `renderTypeFor`), so the form is on screen, and usable as a plain HTML form, before any script.
//
//   tsx src/prerender.tsx <config.json> <out.json>
//
// writes { containerId, configFingerprint, pages: [{ path, title, html }] } to out.json.
import { StaticRouter } from 'react-router-dom';
import { defineBrowserBuildGlobals, renderForHydration as render, runPrerenderCli } from '@app/shared/prerender';

/**
 * The routes written as HTML at build time: the forms a visitor reaches from the public pages. The
 * others depend on the URL's query or token, or on the visitor (activation, reset confirmation,
 * external sign-in), and are rendered in the browser.
 */
export const PRERENDERED_ROUTES: readonly string[] = ['login', 'register', 'passwordRecover'];

export async function prerenderPages(configJson: unknown) {
  defineBrowserBuildGlobals();
  const shared = await import('@app/shared');
  const { pages } = await import('./app/pages');
  const config = shared.RuntimeConfigSchema.parse(configJson);
  shared.setRuntimeConfig(config);

  const out: { path: string; title: string; html: string }[] = [];
  for (const route of shared.ROUTES) {
    if (route.remote !== 'auth' || !PRERENDERED_ROUTES.includes(route.id)) continue;
    const html = await render(
      <StaticRouter location={route.path}>
        <shared.RemoteRoutes remote="auth" pages={pages} />
      </StaticRouter>,
    );
    if (!html.includes('<form')) throw new Error(`${route.path}: the prerender has no form`);
    out.push({ path: route.path, title: shared.documentTitle(route), html });
  }
  return {
    containerId: shared.containerIdFor(shared.CONTAINERS.auth),
    configFingerprint: shared.configFingerprint(config),
    pages: out,
  };
}

await runPrerenderCli(prerenderPages);
