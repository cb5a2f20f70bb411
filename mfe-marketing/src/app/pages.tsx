import { lazy } from 'react';
import type { PageMap } from '@app/shared';

// Each page is its own chunk (`page-<id>`): the landing page does not download the legal texts.
export const pages: PageMap = {
  home: lazy(() => import(/* webpackChunkName: "page-home" */ '../features/home/home-page')),
  statement: lazy(() => import(/* webpackChunkName: "page-statement" */ '../features/statement/statement-page')),
  terms: lazy(() => import(/* webpackChunkName: "page-terms" */ '../features/legal/terms-page')),
  privacy: lazy(() => import(/* webpackChunkName: "page-privacy" */ '../features/legal/privacy-page')),
  security: lazy(() => import(/* webpackChunkName: "page-security" */ '../features/legal/security-page')),
  sct: lazy(() => import(/* webpackChunkName: "page-sct" */ '../features/legal/sct-page')),
  maintenance: lazy(() => import(/* webpackChunkName: "page-maintenance" */ '../features/status/maintenance-page')),
  unsupported: lazy(() => import(/* webpackChunkName: "page-unsupported" */ '../features/status/unsupported-page')),
};
