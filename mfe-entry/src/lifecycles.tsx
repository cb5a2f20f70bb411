// The one module this remote exposes: its single-spa lifecycles.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { useLocation } from 'react-router-dom';
import { createStore } from 'zustand/vanilla';
import { CONTAINERS, createRemoteLifecycles } from '@app/shared';
import { pages } from './app/pages';

export const { bootstrap, mount, unmount, preload } = createRemoteLifecycles('entry', CONTAINERS.entry, pages, {
  React,
  ReactDOMClient,
  probes: { 'react-router-dom': useLocation, 'zustand/vanilla': createStore },
});
