import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { createStore } from 'zustand/vanilla';
import { registerPlugins, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, start, type LifeCycles } from 'single-spa';
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
  recordInstance,
  refreshAuth,
  toFederationRemotes,
  type DeploymentManifest,
} from '@app/shared';
import { fallbackLifecycles } from './fallback-lifecycles';
import { resiliencePlugin } from './resilience-plugin';
import { installStaleBuildReload } from './stale-build';

recordInstance('react', React.createElement);
recordInstance('react-dom/client', ReactDOMClient.createRoot);
recordInstance('react-router-dom', useLocation);
recordInstance('zustand/vanilla', createStore);

function renderFatal(detail: string) {
  ReactDOMClient.createRoot(containerFor('shell')).render(
    <Layout name="simple-header">
      <ErrorPage status={503} detail={detail} />
    </Layout>,
  );
}

async function main() {
  ensureStyles();
  // The current user is known before any page renders, so guards decide on real state.
  const [manifest] = await Promise.all([
    loadDeploymentManifest().catch((error: unknown) => error as Error),
    loadRuntimeConfig().then(() => refreshAuth()),
  ]);
  if (manifest instanceof Error) {
    console.error('[shell]', manifest);
    renderFatal(COPY.errors.remoteUnavailable);
    return;
  }
  startSite(manifest);
  void installStaleBuildReload();
}

function startSite(manifest: DeploymentManifest) {
  const byContainer = new Map(REMOTES.map((r) => [CONTAINERS[r], r]));
  registerPlugins([
    resiliencePlugin({
      retries: 2,
      baseDelayMs: 300,
      onRetry: (what, attempt) => console.info(`[shell] retrying ${what} (attempt ${attempt + 1})`),
      fallback: (id, error) => {
        console.warn(`[shell] remote ${id} is unavailable`, error);
        const container = id.split('/')[0] ?? id;
        return fallbackLifecycles(byContainer.has(container) ? container : 'shell');
      },
    }),
  ]);
  registerRemotes(toFederationRemotes(manifest, CONTAINERS, window.location.href));

  for (const remote of REMOTES) {
    const name = CONTAINERS[remote];
    registerApplication({
      name,
      app: async () => {
        const lifecycles = await loadRemote<LifeCycles>(`${name}/lifecycles`);
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

  start({ urlRerouteOnly: true });
}

void main();
