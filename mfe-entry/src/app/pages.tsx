import { lazyNamedPage, lazyPage, type PageMap } from '@app/shared';

const wizard = () => import(/* webpackChunkName: "page-entry-wizard" */ '../features/wizard/pages');
const completions = () => import(/* webpackChunkName: "page-entry-life-complete" */ '../features/entry-life/complete-pages');

/**
 * Pages of mfe-entry by route id; the three wizard steps share one chunk (one form over one
 * draft), the two completion pages of an entry's life another. Routes not listed render the shared "not available yet" page until their issue lands.
 */
export const pages: PageMap = {
  entryInvoice: lazyNamedPage(wizard, 'InvoicePage'),
  entryFinancial: lazyNamedPage(wizard, 'FinancialPage'),
  entryWithdrawal: lazyNamedPage(wizard, 'WithdrawalPage'),
  entryComplete: lazyPage(() => import(/* webpackChunkName: "page-entry-complete" */ '../features/entry-complete/entry-complete-page')),
  // An entry's life (issue 11).
  entryDetail: lazyPage(() => import(/* webpackChunkName: "page-entry-detail" */ '../features/entry-life/detail-page')),
  entryResubmit: lazyPage(() => import(/* webpackChunkName: "page-entry-resubmit" */ '../features/entry-life/resubmit-page')),
  entryContract: lazyPage(() => import(/* webpackChunkName: "page-entry-contract" */ '../features/entry-life/contract-page')),
  entryAgreement: lazyPage(() => import(/* webpackChunkName: "page-entry-agreement" */ '../features/entry-life/agreement-page')),
  entryCancelComplete: lazyNamedPage(completions, 'CancelCompletePage'),
  entryContractComplete: lazyNamedPage(completions, 'ContractCompletePage'),
};
