import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

const MARKETING_PAGES = [
  '/',
  '/statement',
  '/terms',
  '/policy/privacy',
  '/policy/security',
  '/legal/sct',
  '/maintenance',
  '/unsupported',
  '/404',
  '/no/such/page',
];
const ACCOUNT_PAGES = [
  '/login',
  '/register',
  '/register/activation?sent=a%40example.jp',
  '/register/complete',
  '/profile/password/reset/recover',
  '/profile/password/reset/done',
];

for (const path of [...MARKETING_PAGES, ...ACCOUNT_PAGES]) {
  test(`axe: no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);
  });
}
