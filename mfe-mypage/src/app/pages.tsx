import { lazyNamedPage, lazyPage, type PageMap } from '@app/shared';

const profile = () => import(/* webpackChunkName: "page-profile" */ '../features/profile/pages');

/** Pages of mfe-mypage by route id; each is its own chunk (the three profile routes share one form). */
export const pages: PageMap = {
  mypage: lazyPage(() => import(/* webpackChunkName: "page-mypage" */ '../features/home/mypage-page')),
  registerProfile: lazyNamedPage(profile, 'RegisterProfilePage'),
  profile: lazyNamedPage(profile, 'ProfileEditPage'),
  profileBeforeEntry: lazyNamedPage(profile, 'ProfileBeforeEntryPage'),
  mailChangeDone: lazyPage(() => import(/* webpackChunkName: "page-mail-change-done" */ '../features/mail-change/mail-change-done-page')),
};
