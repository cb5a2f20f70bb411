import { lazyNamedPage, lazyPage, type PageMap } from '@app/shared';

const profile = () => import(/* webpackChunkName: "page-profile" */ '../features/profile/pages');

/** Pages of mfe-mypage by route id; each is its own chunk (the three profile routes share one form). */
const built: PageMap = {
  mypage: lazyPage(() => import(/* webpackChunkName: "page-mypage" */ '../features/home/mypage-page')),
  registerProfile: lazyNamedPage(profile, 'RegisterProfilePage'),
  profile: lazyNamedPage(profile, 'ProfileEditPage'),
  profileBeforeEntry: lazyNamedPage(profile, 'ProfileBeforeEntryPage'),
  mailChangeDone: lazyPage(() => import(/* webpackChunkName: "page-mail-change-done" */ '../features/mail-change/mail-change-done-page')),
};

/**
 * A fault build (BUILD_LABEL=fault:throw-on-mount: the browser tests' canary that fails, issue 26):
 * every page throws as it renders, so the remote's error boundary shows the error page and field
 * telemetry reports it. In this remote's own code (not @app/shared, which the shell provides): the
 * label is this build's. Any other build: a comparison of two constants, removed by the minifier.
 */
function FaultyPage(): never {
  throw new Error('mypage: this build throws on mount (BUILD_LABEL=fault:throw-on-mount)');
}

export const pages: PageMap =
  __BUILD_LABEL__ === 'fault:throw-on-mount' ? Object.fromEntries(Object.keys(built).map((id) => [id, FaultyPage])) : built;
