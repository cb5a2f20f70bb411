import { afterEach, describe, expect, test } from 'vitest';
import { MARKETING_STYLE_ID } from '../style-id';
import { ensureMarketingStyles, withStyles } from './marketing-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the public pages stylesheet', () => {
  test('a prerendered page links it: nothing is added', async () => {
    document.head.innerHTML = `<link rel="stylesheet" id="${MARKETING_STYLE_ID}" href="/assets/marketing.0123456789.css">`;
    await ensureMarketingStyles();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  test('otherwise its text is added once, before the page is handed over', async () => {
    const page = { default: () => null };
    const load = withStyles(async () => page);
    await expect(load()).resolves.toBe(page);
    expect(document.getElementById(MARKETING_STYLE_ID)?.tagName).toBe('STYLE');
    expect(document.getElementById(MARKETING_STYLE_ID)?.textContent).toContain('.mk-container');
    await load();
    expect(document.head.querySelectorAll(`#${MARKETING_STYLE_ID}`)).toHaveLength(1);
  });

  test('without a document (the prerender on Node) nothing is loaded', async () => {
    await expect(ensureMarketingStyles(undefined)).resolves.toBeUndefined();
  });
});
