import { lazy } from 'react';
import type { PageMap } from '@app/shared';

const external = () => import(/* webpackChunkName: "page-external" */ '../features/external/external-pages');

/**
 * Pages of mfe-auth by route id; each is its own chunk. The profile step after the pre-entry
 * (`registerProfile`, /register/profile) belongs to mfe-mypage: it is the same profile and identity
 * form as /profile.
 */
export const pages: PageMap = {
  login: lazy(() => import(/* webpackChunkName: "page-login" */ '../features/login/login-page')),
  register: lazy(() => import(/* webpackChunkName: "page-register" */ '../features/register/register-page')),
  registerActivation: lazy(() => import(/* webpackChunkName: "page-activation" */ '../features/register/activation-page')),
  registerComplete: lazy(() => import(/* webpackChunkName: "page-register-complete" */ '../features/register/complete-page')),
  registerPreEntry: lazy(() => import(/* webpackChunkName: "page-pre-entry" */ '../features/pre-entry/pre-entry-page')),
  preEntryResult: lazy(() => import(/* webpackChunkName: "page-pre-entry-result" */ '../features/pre-entry/pre-entry-result-page')),
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
