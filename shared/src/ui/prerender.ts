// Build-time prerender helpers shared by the remotes' `src/prerender.tsx` (run with tsx by
// scripts/prerender.mjs, never bundled into the site): the globals the browser build defines, and
// the two-pass render whose HTML hydration expects.
import fs from 'node:fs';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';

/** What the browser build defines (shared/build/federation.mjs DefinePlugin), for code run on Node. */
export function defineBrowserBuildGlobals(): void {
  const globals = globalThis as Record<string, unknown>;
  globals.__BUILD_LABEL__ = process.env.BUILD_LABEL ?? '';
  globals.__MOCK_API__ = false;
}

/**
 * First pass: waits for the page's lazy chunk (its Suspense boundary). Second pass: everything
 * resolved, the HTML with every boundary inline (react-dom 19.2 would otherwise move large ones to a
 * script), as hydration expects it.
 */
export async function renderForHydration(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  prelude.resume();
  await new Promise((resolve) => prelude.on('end', resolve));
  return renderToString(node);
}

/**
 * A remote's `src/prerender.tsx` run as `tsx src/prerender.tsx <config.json> <out.json>`: the pages
 * rendered with that config, written to out.json (scripts/prerender.mjs reads it).
 */
export async function runPrerenderCli(prerenderPages: (config: unknown) => Promise<unknown>, argv = process.argv.slice(2)): Promise<void> {
  const [configFile, outFile] = argv;
  if (!configFile || !outFile) return;
  const result = await prerenderPages(JSON.parse(fs.readFileSync(configFile, 'utf8')));
  fs.writeFileSync(outFile, JSON.stringify(result));
}
