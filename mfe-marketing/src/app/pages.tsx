import { lazy } from 'react';
import type { PageMap } from '@app/shared/core';
import { withStyles } from './marketing-styles';

// Each page is its own chunk (`page-<id>`): the landing page does not download the legal texts. The
// stylesheet comes with the page when the HTML does not link it (marketing-styles.ts).
export const pages: PageMap = {
  home: lazy(withStyles(() => import(/* webpackChunkName: "page-home" */ '../features/home/home-page'))),
  statement: lazy(withStyles(() => import(/* webpackChunkName: "page-statement" */ '../features/statement/statement-page'))),
  terms: lazy(withStyles(() => import(/* webpackChunkName: "page-terms" */ '../features/legal/terms-page'))),
  privacy: lazy(withStyles(() => import(/* webpackChunkName: "page-privacy" */ '../features/legal/privacy-page'))),
  security: lazy(withStyles(() => import(/* webpackChunkName: "page-security" */ '../features/legal/security-page'))),
  sct: lazy(withStyles(() => import(/* webpackChunkName: "page-sct" */ '../features/legal/sct-page'))),
  maintenance: lazy(withStyles(() => import(/* webpackChunkName: "page-maintenance" */ '../features/status/maintenance-page'))),
  unsupported: lazy(withStyles(() => import(/* webpackChunkName: "page-unsupported" */ '../features/status/unsupported-page'))),
};
