import { lazy } from 'react';
import type { PageMap } from '@app/shared';

const profile = () => import(/* webpackChunkName: "page-profile" */ '../features/profile/pages');

/** Pages of mfe-mypage by route id; each is its own chunk (the three profile routes share one form). */
export const pages: PageMap = {
  mypage: lazy(() => import(/* webpackChunkName: "page-mypage" */ '../features/home/mypage-page')),
  registerProfile: lazy(() => profile().then((m) => ({ default: m.RegisterProfilePage }))),
  profile: lazy(() => profile().then((m) => ({ default: m.ProfileEditPage }))),
  profileBeforeEntry: lazy(() => profile().then((m) => ({ default: m.ProfileBeforeEntryPage }))),
  mailChangeDone: lazy(() => import(/* webpackChunkName: "page-mail-change-done" */ '../features/mail-change/mail-change-done-page')),
};
