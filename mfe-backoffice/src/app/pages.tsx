import { lazy } from 'react';
import type { PageMap } from '@app/shared';

/** Pages of mfe-backoffice by route id; each is its own chunk. */
export const pages: PageMap = {
  backofficeLogin: lazy(() => import(/* webpackChunkName: "page-bo-login" */ '../features/login/login-page')),
  backofficeQueue: lazy(() => import(/* webpackChunkName: "page-bo-queue" */ '../features/queue/queue-page')),
  backofficeEntry: lazy(() => import(/* webpackChunkName: "page-bo-entry" */ '../features/entry/entry-page')),
  backofficeApplicants: lazy(() => import(/* webpackChunkName: "page-bo-applicants" */ '../features/applicants/applicants-page')),
  backofficeApplicant: lazy(() => import(/* webpackChunkName: "page-bo-applicant" */ '../features/applicants/applicant-page')),
  backofficeIdentityQueue: lazy(
    () => import(/* webpackChunkName: "page-bo-identity-queue" */ '../features/identity-queue/identity-queue-page'),
  ),
  backofficeExports: lazy(() => import(/* webpackChunkName: "page-bo-exports" */ '../features/exports/exports-page')),
  backofficeReleases: lazy(() => import(/* webpackChunkName: "page-bo-releases" */ '../features/releases/releases-page')),
  backofficeNotFound: lazy(() => import(/* webpackChunkName: "page-bo-not-found" */ '../features/not-found/not-found-page')),
};
