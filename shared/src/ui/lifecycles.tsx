import type * as ReactNamespace from 'react';
import type * as ReactDOMClientNamespace from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { refreshAuth } from '../auth-store';
import { CONTAINERS } from '../remotes';
import type { RemoteName } from '../routes/table';
import { loadRuntimeConfig } from '../runtime/config';
import { recordInstance } from '../runtime/instances';
import { ErrorPage } from './error-page';
import { Layout } from './layouts';
import { RemoteRoot, type PageMap } from './remote-root';
import { ensureStyles } from './styles';

export const APP_ROOT_ID = 'app-root';

/** The element a remote mounts into: its own box inside #app-root, created on first use. */
export function containerFor(name: string, doc: Document = document): HTMLElement {
  const id = `single-spa-application:${name}`;
  const existing = doc.getElementById(id);
  if (existing) return existing;
  const box = doc.createElement('div');
  box.id = id;
  (doc.getElementById(APP_ROOT_ID) ?? doc.body).appendChild(box);
  return box;
}

export interface RemoteModules {
  readonly React: typeof ReactNamespace;
  readonly ReactDOMClient: typeof ReactDOMClientNamespace;
  /** Identities of the remote's own imports, recorded to prove they are singletons. */
  readonly probes: Readonly<Record<string, unknown>>;
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
        ensureStyles();
      },
      lifecycles.mount,
    ],
    unmount: lifecycles.unmount,
  };
}

/**
 * The standalone page of one remote (its own dev server, no shell): styles, then `beforeStart`
 * (dev:mock starts the in-browser mock API there), the runtime config and the current user, then
 * the remote's routes. What each remote's `bootstrap.tsx` runs.
 */
export function mountStandalone(remote: RemoteName, pages: PageMap, beforeStart?: () => Promise<void>): Promise<void> {
  ensureStyles();
  return (beforeStart?.() ?? Promise.resolve())
    .then(() => loadRuntimeConfig())
    .then(() => refreshAuth())
    .then(() => {
      createRoot(containerFor(CONTAINERS[remote])).render(<RemoteRoot remote={remote} pages={pages} />);
    });
}
