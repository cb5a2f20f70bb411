import { ensureStyleSheet } from '@app/shared/core';
import { MARKETING_STYLE_ID } from '../style-id';

/**
 * The public pages' stylesheet, before a page renders. The prerendered HTML links it as a static
 * file: nothing to load (the landing page does not download the text of a stylesheet it already
 * has). A page opened another way (a link from /login, a dev server) loads the text and adds it.
 */
export function ensureMarketingStyles(doc: Document | undefined = globalThis.document): Promise<void> {
  if (!doc || doc.getElementById(MARKETING_STYLE_ID)) return Promise.resolve();
  return import(/* webpackChunkName: "marketing-styles" */ '../styles').then(({ MARKETING_CSS }) =>
    ensureStyleSheet(MARKETING_STYLE_ID, MARKETING_CSS, doc),
  );
}

/** A page's code and the stylesheet, loaded together: the page renders styled. */
export const withStyles =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), ensureMarketingStyles()]).then(([page]) => page);
