import { lazy } from 'react';
import type { PageMap } from '@app/shared';

const external = () => import(/* webpackChunkName: "page-external" */ '../features/external/external-pages');

/**
 * Pages of mfe-auth by route id; each is its own chunk. Pre-entry (`registerPreEntry`,
 * `preEntryResult`) and the profile step (`registerProfile`) are not built yet and show the
 * shared "not available yet" page.
 */
export const pages: PageMap = {
  login: lazy(() => import(/* webpackChunkName: "page-login" */ '../features/login/login-page')),
  register: lazy(() => import(/* webpackChunkName: "page-register" */ '../features/register/register-page')),
  registerActivation: lazy(() => import(/* webpackChunkName: "page-activation" */ '../features/register/activation-page')),
  registerComplete: lazy(() => import(/* webpackChunkName: "page-register-complete" */ '../features/register/complete-page')),
  companyMailComplete: lazy(() => import(/* webpackChunkName: "page-company-mail" */ '../features/company-mail/complete-page')),
  passwordRecover: lazy(() => import(/* webpackChunkName: "page-recover" */ '../features/password-reset/request-page')),
  passwordRecoverWith: lazy(() => import(/* webpackChunkName: "page-recover" */ '../features/password-reset/request-page')),
  passwordResetSent: lazy(() => import(/* webpackChunkName: "page-reset-sent" */ '../features/password-reset/sent-page')),
  passwordResetConfirm: lazy(() => import(/* webpackChunkName: "page-reset-confirm" */ '../features/password-reset/confirm-page')),
  passwordResetDone: lazy(() => import(/* webpackChunkName: "page-reset-done" */ '../features/password-reset/done-page')),
  extSignup: lazy(() => external().then((m) => ({ default: m.ExtSignupPage }))),
  extAuthError: lazy(() => external().then((m) => ({ default: m.ExtAuthenticationErrorPage }))),
  callback: lazy(() => external().then((m) => ({ default: m.CallbackPage }))),
};
