import type * as ReactNamespace from 'react';
import type * as ReactDOMClientNamespace from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { authStore, isLoggedIn, refreshAuth } from '../auth-store';
import { CONTAINERS } from '@app/contracts/remotes';
import { normalizePathname } from '@app/contracts/routes/match';
import type { RemoteName } from '@app/contracts/routes/table';
import { getRuntimeConfig, loadRuntimeConfig, type RuntimeConfig } from '../runtime/config';
import { recordInstance } from '../runtime/instances';
import { ErrorPage } from './error-page';
import { Layout } from './layouts';
import { preloadPage } from './lazy-page';
import { RemoteRoot, type PageMap } from './remote-root';
import { ensureStyles } from './styles';

export const APP_ROOT_ID = 'app-root';

/** The id of the element a remote mounts into (its container name: `CONTAINERS[remote]`). */
export function containerIdFor(name: string): string {
  return `single-spa-application:${name}`;
}

/** The element a remote mounts into: its own box inside #app-root, created on first use. */
export function containerFor(name: string, doc: Document = document): HTMLElement {
  const id = containerIdFor(name);
  const existing = doc.getElementById(id);
  if (existing) return existing;
  // Another remote takes the page before the prerendered one was mounted (the URL changed
  // before the site started): that server HTML is no page's any more.
  for (const stale of doc.querySelectorAll<HTMLElement>(`[${PRERENDERED_PATH_ATTR}]`)) discardPrerendered(stale);
  const box = doc.createElement('div');
  box.id = id;
  (doc.getElementById(APP_ROOT_ID) ?? doc.body).appendChild(box);
  return box;
}

function discardPrerendered(container: HTMLElement): void {
  for (const name of [PRERENDERED_PATH_ATTR, PRERENDERED_CONFIG_ATTR, PRERENDERED_BUILD_ATTR]) container.removeAttribute(name);
  container.replaceChildren();
}

/**
 * Attributes the build-time prerender (scripts/prerender.mjs, mfe-marketing/src/prerender.tsx) puts
 * on the container it fills: the page path it rendered, and the runtime config it rendered with.
 */
export const PRERENDERED_PATH_ATTR = 'data-prerendered';
export const PRERENDERED_CONFIG_ATTR = 'data-prerender-config';
/** The folder of the remote build whose code rendered it (`/remotes/mfe-marketing/<version>/`). */
export const PRERENDERED_BUILD_ATTR = 'data-prerender-build';

/**
 * What the prerender records of the runtime config, compared as is in the browser: its JSON with
 * every object's keys sorted. The build reads config.json with the zod schema (the file's key
 * order) and the browser with parseRuntimeConfig (the code's order): an operator's config.json
 * with `supportUrl` first must not make every prerendered page render afresh.
 */
export function configFingerprint(config: RuntimeConfig): string {
  return JSON.stringify(config, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export interface RenderingState {
  /** The page path. */
  readonly pathname: string;
  readonly loggedIn: boolean;
  readonly config: RuntimeConfig;
  /** The URL (or path) of the folder the running remote's code came from. */
  readonly build: string;
}

const folderPath = (url: string) => new URL(url, 'http://site.invalid/').pathname;

/**
 * Whether the container holds the server HTML of the page the browser would render now: rendered
 * for this path, by this build of the remote (the deployment manifest may name another), for a
 * visitor not logged in (the prerender's), with the same runtime config.
 */
export function holdsPrerenderedPage(container: HTMLElement, now: RenderingState): boolean {
  const path = container.getAttribute(PRERENDERED_PATH_ATTR);
  const build = container.getAttribute(PRERENDERED_BUILD_ATTR);
  return (
    path !== null &&
    build !== null &&
    container.hasChildNodes() &&
    normalizePathname(path) === normalizePathname(now.pathname) &&
    folderPath(build) === folderPath(now.build) &&
    !now.loggedIn &&
    container.getAttribute(PRERENDERED_CONFIG_ATTR) === configFingerprint(now.config)
  );
}

/**
 * How a remote mounts into its container: hydrating the prerendered HTML when it is this page's, as
 * the browser would render it (no flash, no shift); else a fresh render, after removing any
 * server HTML that no longer fits (another path, a logged-in visitor, a changed config). The
 * container is marked as used: a later mount renders afresh.
 */
export function renderTypeFor(container: HTMLElement, build: string): 'hydrateRoot' | 'createRoot' {
  const hydrate = holdsPrerenderedPage(container, {
    pathname: window.location.pathname,
    loggedIn: isLoggedIn(authStore.getState()),
    config: getRuntimeConfig(),
    build,
  });
  if (hydrate) {
    for (const name of [PRERENDERED_PATH_ATTR, PRERENDERED_CONFIG_ATTR, PRERENDERED_BUILD_ATTR]) container.removeAttribute(name);
    return 'hydrateRoot';
  }
  if (container.hasAttribute(PRERENDERED_PATH_ATTR)) discardPrerendered(container);
  return 'createRoot';
}

export interface RemoteModules {
  readonly React: typeof ReactNamespace;
  readonly ReactDOMClient: typeof ReactDOMClientNamespace;
  /** Identities of the remote's own imports, recorded to prove they are singletons. */
  readonly probes: Readonly<Record<string, unknown>>;
  /**
   * Where this build of the remote is served from (its public path, `__webpack_public_path__`):
   * prerendered HTML is hydrated only by the build that rendered it. Absent: never hydrated.
   */
  readonly build?: string;
}

/** single-spa lifecycles of one remote (single-spa-react, with an error boundary). */
export function createRemoteLifecycles(remote: RemoteName, containerName: string, pages: PageMap, modules: RemoteModules) {
  // Function identities, not namespace objects (each importer gets its own namespace wrapper).
  recordInstance('react', modules.React.createElement);
  recordInstance('react-dom/client', modules.ReactDOMClient.createRoot);
  for (const [name, value] of Object.entries(modules.probes)) recordInstance(name, value);
  const lifecycles = singleSpaReact({
    React: modules.React,
    ReactDOMClient: modules.ReactDOMClient,
    rootComponent: () => <RemoteRoot remote={remote} pages={pages} />,
    domElementGetter: () => containerFor(containerName),
    renderType: () => renderTypeFor(containerFor(containerName), modules.build ?? ''),
    errorBoundary: () => (
      <Layout name="simple-header">
        <ErrorPage status={500} />
      </Layout>
    ),
  });
  return {
    bootstrap: lifecycles.bootstrap,
    mount: [
      async () => {
        await ensureStyles();
      },
      lifecycles.mount,
    ],
    unmount: lifecycles.unmount,
    /** Loads the code of the page at a path ahead of its mount (the shell, on a link's hover). */
    preload: (pathname: string, search = '') => preloadPage(pages, pathname, search),
  };
}

/**
 * The standalone page of one remote (its own dev server, no shell): styles, then `beforeStart`
 * (dev:mock starts the in-browser mock API there), the runtime config and the current user, then
 * the remote's routes. What each remote's `bootstrap.tsx` runs.
 */
export function mountStandalone(remote: RemoteName, pages: PageMap, beforeStart?: () => Promise<void>): Promise<void> {
  return ensureStyles()
    .then(() => beforeStart?.())
    .then(() => loadRuntimeConfig())
    .then(() => refreshAuth())
    .then(() => {
      createRoot(containerFor(CONTAINERS[remote])).render(<RemoteRoot remote={remote} pages={pages} />);
    });
}
