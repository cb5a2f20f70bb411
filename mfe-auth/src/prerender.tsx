// Build-time prerender of the anonymous forms of this remote (run by scripts/prerender.mjs with
// tsx, never bundled into the site): /login, /register and the password-reset request rendered
// with react-dom into the HTML of the element single-spa mounts this remote into, as a visitor who
// is not logged in sees them with the site's runtime config. The browser hydrates it (shared
// `renderTypeFor`), so the form is on screen, and usable as a plain HTML form, before any script.
//
//   tsx src/prerender.tsx <config.json> <out.json>
//
// writes { containerId, configFingerprint, pages: [{ path, title, html }] } to out.json.
import fs from 'node:fs';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';

/**
 * The routes written as HTML at build time: the forms a visitor reaches from the public pages. The
 * others depend on the URL's query or token, or on the visitor (activation, reset confirmation,
 * external sign-in), and are rendered in the browser.
 */
export const PRERENDERED_ROUTES: readonly string[] = ['login', 'register', 'passwordRecover'];

export async function prerenderPages(configJson: unknown) {
  const globals = globalThis as Record<string, unknown>;
  // What the browser build defines (shared/build/federation.mjs DefinePlugin).
  globals.__BUILD_LABEL__ = process.env.BUILD_LABEL ?? '';
  globals.__MOCK_API__ = false;
  const shared = await import('@app/shared');
  const { pages } = await import('./app/pages');
  const config = shared.RuntimeConfigSchema.parse(configJson);
  shared.setRuntimeConfig(config);

  // First pass: waits for the page's lazy chunk (its Suspense boundary). Second pass: everything
  // resolved, the HTML with every boundary inline, as hydration expects it.
  const render = async (node: ReactNode): Promise<string> => {
    const { prelude } = await prerenderToNodeStream(node);
    prelude.resume();
    await new Promise((resolve) => prelude.on('end', resolve));
    return renderToString(node);
  };

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

const [configFile, outFile] = process.argv.slice(2);
if (configFile && outFile) {
  const result = await prerenderPages(JSON.parse(fs.readFileSync(configFile, 'utf8')));
  fs.writeFileSync(outFile, JSON.stringify(result));
}
