// The one module this remote exposes: its single-spa lifecycles. Not createRemoteLifecycles of
// @app/shared: that root applies the applicants' guards from their auth store, and the back office
// has its own people (staff) and session, kept inside this remote (./staff/session).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { createStore } from 'zustand/vanilla';
import { CONTAINERS, ErrorPage, Layout, containerFor, ensureStyles, recordInstance } from '@app/shared';
import { BackofficeRoot } from './app/root';

// Function identities, to prove the shared singletons are one instance (the e2e singleton test).
recordInstance('react', React.createElement);
recordInstance('react-dom/client', ReactDOMClient.createRoot);
recordInstance('react-router-dom', useLocation);
recordInstance('zustand/vanilla', createStore);

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: BackofficeRoot,
  domElementGetter: () => containerFor(CONTAINERS.backoffice),
  errorBoundary: () => (
    <Layout name="simple-header">
      <ErrorPage status={500} />
    </Layout>
  ),
});

export const bootstrap = lifecycles.bootstrap;
export const mount = [
  async () => {
    await ensureStyles();
  },
  lifecycles.mount,
];
export const unmount = lifecycles.unmount;
