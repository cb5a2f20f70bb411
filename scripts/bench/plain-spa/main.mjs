/* global document */
// The bench's baseline (scripts/bench/web.mjs): the same pages as the site — the marketing, auth and
// mypage remotes' own page maps and the shared route view, guards and layouts — in one plain React
// SPA: one rspack bundle, no module federation, no single-spa. Plain JavaScript (no JSX), so it
// needs no tsconfig of its own.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { APP_ROOT_ID, RemoteRoutes, ensureStyles, loadRuntimeConfig, matchRoute, refreshAuth } from '@app/shared';
import { pages as auth } from '../../../mfe-auth/src/app/pages.tsx';
import { pages as marketing } from '../../../mfe-marketing/src/app/pages.tsx';
import { pages as mypage } from '../../../mfe-mypage/src/app/pages.tsx';

const PAGES = { marketing, auth, mypage };

function Site() {
  const { pathname, search } = useLocation();
  const remote = matchRoute(pathname, search).route.remote;
  return h(RemoteRoutes, { key: remote, remote, pages: PAGES[remote] ?? {} });
}

// The site's order: styles, runtime config, the current user, then the page.
await ensureStyles();
await loadRuntimeConfig();
await refreshAuth();
createRoot(document.getElementById(APP_ROOT_ID)).render(h(BrowserRouter, null, h(Site)));
