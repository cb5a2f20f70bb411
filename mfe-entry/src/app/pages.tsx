import { lazy } from 'react';
import type { PageMap } from '@app/shared';

const wizard = () => import(/* webpackChunkName: "page-entry-wizard" */ '../features/wizard/pages');
const completions = () => import(/* webpackChunkName: "page-entry-life-complete" */ '../features/entry-life/complete-pages');

/**
 * Pages of mfe-entry by route id; the three wizard steps share one chunk (one form over one
 * draft), the two completion pages of an entry's life another. Routes not listed render the shared "not available yet" page until their issue lands.
 */
export const pages: PageMap = {
  entryInvoice: lazy(() => wizard().then((m) => ({ default: m.InvoicePage }))),
  entryFinancial: lazy(() => wizard().then((m) => ({ default: m.FinancialPage }))),
  entryWithdrawal: lazy(() => wizard().then((m) => ({ default: m.WithdrawalPage }))),
  entryComplete: lazy(() => import(/* webpackChunkName: "page-entry-complete" */ '../features/entry-complete/entry-complete-page')),
  // An entry's life (issue 11).
  entryDetail: lazy(() => import(/* webpackChunkName: "page-entry-detail" */ '../features/entry-life/detail-page')),
  entryResubmit: lazy(() => import(/* webpackChunkName: "page-entry-resubmit" */ '../features/entry-life/resubmit-page')),
  entryContract: lazy(() => import(/* webpackChunkName: "page-entry-contract" */ '../features/entry-life/contract-page')),
  entryAgreement: lazy(() => import(/* webpackChunkName: "page-entry-agreement" */ '../features/entry-life/agreement-page')),
  entryCancelComplete: lazy(() => completions().then((m) => ({ default: m.CancelCompletePage }))),
  entryContractComplete: lazy(() => completions().then((m) => ({ default: m.ContractCompletePage }))),
};
