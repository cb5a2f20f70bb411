// The one module this remote exposes: its single-spa lifecycles.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { createStore } from 'zustand/vanilla';
import { CONTAINERS, createRemoteLifecycles } from '@app/shared/core';
import { pages } from './app/pages';

/** The folder this build is served from (rspack's runtime public path, `auto`). */
declare const __webpack_public_path__: string;

export const { bootstrap, mount, unmount } = createRemoteLifecycles('marketing', CONTAINERS.marketing, pages, {
  React,
  ReactDOMClient,
  probes: { 'react-router-dom': useLocation, 'zustand/vanilla': createStore },
  // The public pages come prerendered by this remote's code (scripts/prerender.mjs): hydrated
  // when this is the build that rendered them.
  build: __webpack_public_path__,
});
