import { lazyNamedPage, lazyPage, type PageMap } from '@app/shared';

const external = () => import(/* webpackChunkName: "page-external" */ '../features/external/external-pages');

/**
 * Pages of mfe-auth by route id; each is its own chunk. The profile step after the pre-entry
 * (`registerProfile`, /register/profile) belongs to mfe-mypage: it is the same profile and identity
 * form as /profile.
 */
export const pages: PageMap = {
  login: lazyPage(() => import(/* webpackChunkName: "page-login" */ '../features/login/login-page')),
  register: lazyPage(() => import(/* webpackChunkName: "page-register" */ '../features/register/register-page')),
  registerActivation: lazyPage(() => import(/* webpackChunkName: "page-activation" */ '../features/register/activation-page')),
  registerComplete: lazyPage(() => import(/* webpackChunkName: "page-register-complete" */ '../features/register/complete-page')),
  registerPreEntry: lazyPage(() => import(/* webpackChunkName: "page-pre-entry" */ '../features/pre-entry/pre-entry-page')),
  preEntryResult: lazyPage(() => import(/* webpackChunkName: "page-pre-entry-result" */ '../features/pre-entry/pre-entry-result-page')),
  companyMailComplete: lazyPage(() => import(/* webpackChunkName: "page-company-mail" */ '../features/company-mail/complete-page')),
  passwordRecover: lazyPage(() => import(/* webpackChunkName: "page-recover" */ '../features/password-reset/request-page')),
  passwordRecoverWith: lazyPage(() => import(/* webpackChunkName: "page-recover" */ '../features/password-reset/request-page')),
  passwordResetSent: lazyPage(() => import(/* webpackChunkName: "page-reset-sent" */ '../features/password-reset/sent-page')),
  passwordResetConfirm: lazyPage(() => import(/* webpackChunkName: "page-reset-confirm" */ '../features/password-reset/confirm-page')),
  passwordResetDone: lazyPage(() => import(/* webpackChunkName: "page-reset-done" */ '../features/password-reset/done-page')),
  extSignup: lazyNamedPage(external, 'ExtSignupPage'),
  extAuthError: lazyNamedPage(external, 'ExtAuthenticationErrorPage'),
  callback: lazyNamedPage(external, 'CallbackPage'),
};
