import { lazy } from 'react';
import type { PageMap } from '@app/shared';

const wizard = () => import(/* webpackChunkName: "page-entry-wizard" */ '../features/wizard/pages');

/**
 * Pages of mfe-entry by route id; the three wizard steps share one chunk (one form over one
 * draft). Routes not listed render the shared "not available yet" page until their issue lands.
 */
export const pages: PageMap = {
  entryInvoice: lazy(() => wizard().then((m) => ({ default: m.InvoicePage }))),
  entryFinancial: lazy(() => wizard().then((m) => ({ default: m.FinancialPage }))),
  entryWithdrawal: lazy(() => wizard().then((m) => ({ default: m.WithdrawalPage }))),
  entryComplete: lazy(() => import(/* webpackChunkName: "page-entry-complete" */ '../features/entry-complete/entry-complete-page')),
};
