import { lazyPage, type PageMap } from '@app/shared';

const profile = () => import(/* webpackChunkName: "page-profile" */ '../features/profile/pages');

/** Pages of mfe-mypage by route id; each is its own chunk (the three profile routes share one form). */
export const pages: PageMap = {
  mypage: lazyPage(() => import(/* webpackChunkName: "page-mypage" */ '../features/home/mypage-page')),
  registerProfile: lazyPage(() => profile().then((m) => ({ default: m.RegisterProfilePage }))),
  profile: lazyPage(() => profile().then((m) => ({ default: m.ProfileEditPage }))),
  profileBeforeEntry: lazyPage(() => profile().then((m) => ({ default: m.ProfileBeforeEntryPage }))),
  mailChangeDone: lazyPage(() => import(/* webpackChunkName: "page-mail-change-done" */ '../features/mail-change/mail-change-done-page')),
};
