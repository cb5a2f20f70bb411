// Dev helper: screenshots of pages at phone and desktop widths. node e2e/shot.mjs BASE out-dir path...
import { chromium } from '@playwright/test';
const [base, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const [label, width, height] of [
  ['phone', 375, 812],
  ['desktop', 1280, 900],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.log(`[${label}] console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[${label}] pageerror: ${e.message}`));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = `${out}/${label}-${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL !== '0' });
    console.log(
      `${label} ${p} → ${page.url()} title=${await page.title()} layout=${await page
        .locator('[data-layout]')
        .first()
        .getAttribute('data-layout')
        .catch(() => 'none')}`,
    );
  }
  await page.close();
}
await browser.close();
