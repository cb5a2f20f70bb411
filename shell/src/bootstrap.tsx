import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { createStore } from 'zustand/vanilla';
import { registerPlugins, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { addErrorHandler, getMountedApps, registerApplication, start, type LifeCycles } from 'single-spa';
import {
  CONTAINERS,
  COPY,
  ErrorPage,
  Layout,
  REMOTES,
  activeWhen,
  containerFor,
  ensureStyles,
  handleChunkLoadError,
  isChunkLoadError,
  loadDeploymentManifest,
  loadRuntimeConfig,
  matchRoute,
  recordInstance,
  refreshAuth,
  remoteForPath,
  startLiveStatusWhenLoggedIn,
  toFederationRemotes,
  type DeploymentManifest,
  type RemoteName,
} from '@app/shared/core';
import { createAppState } from './app-state';
import { fallbackLifecycles } from './fallback-lifecycles';
import { resiliencePlugin } from './resilience-plugin';
import { afterLoad, createPrefetcher, onFirstEngagement, saveDataRequested, whenIdle, type Prefetcher } from './prefetch';
import { installStaleBuildReload } from './stale-build';
import { installTelemetry } from './telemetry/install';
import { showPreviewBanner } from './preview-banner';

recordInstance('react', React.createElement);
recordInstance('react-dom/client', ReactDOMClient.createRoot);
recordInstance('react-router-dom', useLocation);
recordInstance('zustand/vanilla', createStore);

/** What the shell is doing, on <html data-app …> (app-state.ts): browser tests wait on it. */
const appState = createAppState(document.documentElement);

/**
 * Field telemetry (issue 26, ./telemetry): installed first, so errors of the start-up count too;
 * never throws (a collector that fails to install does nothing).
 */
const telemetry = installTelemetry({ shellVersion: typeof __SHELL_VERSION__ === 'string' ? __SHELL_VERSION__ : 'dev' });

/** A remote's lifecycles module: single-spa's lifecycles, and `preload` of a page's code. */
type RemoteLifeCycles = LifeCycles & { preload?: (pathname: string, search: string) => Promise<unknown> };

function renderFatal(detail: string) {
  ReactDOMClient.createRoot(containerFor('shell')).render(
    <Layout name="simple-header">
      <ErrorPage status={503} detail={detail} />
    </Layout>,
  );
}

async function main() {
  // Nothing to load on the built site (index.html links the stylesheet); the dev server injects it.
  const styles = ensureStyles();
  // The auth request goes out at once; the remotes do not wait for it (single-spa's documented
  // order): applications are registered as soon as the deployment manifest is known, so the active
  // remote's entry and chunks download while /api/me/ is in flight. single-spa loads a registered
  // application before start() but mounts nothing until start(), which waits for the current
  // user: guards decide on real state.
  // POST /api/me/ goes out with the runtime config's request, not after it; on a page only a
  // logged-in user sees (/mypage, the entry pages) so does the settings request that follows it.
  const { route } = matchRoute(window.location.pathname, window.location.search);
  const auth = refreshAuth({ configReady: loadRuntimeConfig(), settingsAtOnce: route.guards.includes('authenticated') });
  let manifest: DeploymentManifest;
  try {
    manifest = await loadDeploymentManifest();
  } catch (error) {
    console.error('[shell]', error);
    telemetry.error('remote-load', error, 'shell');
    await styles;
    renderFatal(COPY.errors.remoteUnavailable);
    return;
  }
  telemetry.setManifest(manifest);
  // A staff member's pinned versions (preview-banner.ts): said on every page while active.
  showPreviewBanner(manifest);
  const prefetcher = registerSite(manifest);
  await Promise.all([auth, styles]);
  followMountedApps();
  start({ urlRerouteOnly: true });
  appState.mark('started');
  prefetchOtherRemotes(prefetcher);
  startLiveStatusAfterFirstPage();
  void installStaleBuildReload().finally(() => appState.mark('build'));
}

/**
 * Live status (issue 22: re-reads on focus and navigation, the tab's one event stream) starts once
 * the first page has mounted, its files have loaded and the browser is idle, and only for a
 * logged-in applicant (now, or after a login in this tab): it never competes with the first paint.
 */
function startLiveStatusAfterFirstPage() {
  window.addEventListener('single-spa:first-mount', () => afterLoad(() => whenIdle(() => startLiveStatusWhenLoggedIn())), { once: true });
}

/** `data-app-mounted`: the remotes mounted now (their names: `entry`), after every route change. */
function followMountedApps() {
  const byContainer = new Map<string, string>(REMOTES.map((r) => [CONTAINERS[r], r]));
  const update = () => appState.setMounted(getMountedApps().map((name) => byContainer.get(name) ?? name));
  window.addEventListener('single-spa:app-change', update);
  window.addEventListener('single-spa:no-app-change', update);
  window.addEventListener('single-spa:first-mount', () => appState.mark('mounted'), { once: true });
}

/** Remotes and applications, registered before start(): the active remote starts loading now. */
function registerSite(manifest: DeploymentManifest): Prefetcher {
  const byContainer = new Map(REMOTES.map((r) => [CONTAINERS[r], r]));
  const remotes = toFederationRemotes(manifest, CONTAINERS, window.location.href);
  const prefetcher = createPrefetcher({
    // The same absolute URLs as the runtime's remotes (toFederationRemotes).
    manifestUrls: Object.fromEntries(REMOTES.map((r) => [r, new URL(manifest.remotes[r].manifest, window.location.href).href])) as Record<
      RemoteName,
      string
    >,
    load: async (remote, url) => {
      const lifecycles = await loadRemote<RemoteLifeCycles>(`${CONTAINERS[remote]}/lifecycles`);
      await lifecycles?.preload?.(url.pathname, url.search);
    },
    fetch: (...args) => fetch(...args),
    document,
    current: () => remoteForPath(window.location.pathname, window.location.search),
    saveData: () => saveDataRequested(),
    track: (work) => void appState.track(work),
  });
  registerPlugins([
    resiliencePlugin({
      retries: 2,
      baseDelayMs: 300,
      // A manifest the prefetcher already has is not fetched again.
      fetchFn: (url, init) => (typeof url === 'string' ? prefetcher.runtimeFetch(url) : undefined) ?? fetch(url, init),
      onRetry: (what, attempt) => console.info(`[shell] retrying ${what} (attempt ${attempt + 1})`),
      fallback: (id, error) => {
        console.warn(`[shell] remote ${id} is unavailable`, error);
        const container = id.split('/')[0] ?? id;
        // After the retries: counted for the remote (and version) that failed to load.
        telemetry.error('remote-load', error, byContainer.get(container) ?? 'shell');
        return fallbackLifecycles(byContainer.has(container) ? container : 'shell');
      },
    }),
  ]);
  registerRemotes(remotes);

  for (const remote of REMOTES) {
    const name = CONTAINERS[remote];
    registerApplication({
      name,
      app: async () => {
        const lifecycles = await loadRemote<RemoteLifeCycles>(`${name}/lifecycles`);
        // The page being opened loads with its remote (before start(): while /api/me/ is in
        // flight), so it renders without suspending. A failure shows when the page renders.
        await lifecycles?.preload?.(window.location.pathname, window.location.search).catch(() => undefined);
        return lifecycles ?? fallbackLifecycles(name);
      },
      activeWhen: activeWhen(remote),
    });
  }

  addErrorHandler((error) => {
    console.error('[shell] single-spa', error);
  });
  // A lazy chunk that fails outside a React render (e.g. a prefetch) follows the same rule.
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) handleChunkLoadError();
  });
  return prefetcher;
}

/**
 * Once the first page has mounted, its files have loaded and the browser is idle, the remotes its links lead to are
 * prefetched, and once the visitor engages the header's pages in other remotes are loaded; a link to another remote that is hovered, focused or touched loads that remote.
 */
function prefetchOtherRemotes(prefetcher: Prefetcher) {
  prefetcher.listen(document);
  window.addEventListener(
    'single-spa:first-mount',
    () =>
      afterLoad(() =>
        whenIdle(() => {
          void prefetcher.prefetchLinked().finally(() => appState.mark('idle'));
          // Once the visitor engages with the page (scrolls, moves the pointer, types), the header's
          // pages in other remotes are loaded and run in the next idle period: a visitor who only
          // looks costs nothing more, and their next tap finds the page ready.
          onFirstEngagement(window, () => whenIdle(() => void prefetcher.warmBanner().finally(() => appState.mark('warm'))));
        }),
      ),
    { once: true },
  );
}

void main();
