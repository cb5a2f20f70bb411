import { lazy } from 'react';
import type { PageMap } from '@app/shared';

/**
 * Pages of mfe-mypage by route id. Only /mypage (name + logout) is built; the profile pages show
 * the shared "not available yet" page until their issue lands.
 */
export const pages: PageMap = {
  mypage: lazy(() => import(/* webpackChunkName: "page-mypage" */ '../features/home/mypage-page')),
};
