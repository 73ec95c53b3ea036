import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';

// Every page in both languages at a phone and a desktop width, saved to apps/web/screenshots/
// (git-ignored) for a person to look at; each page is also checked with axe at both widths in German
// (English is the same markup with other words).
const pages = [
  ['home', '/'],
  ['product-bond', '/products/SOLAR_BRANDENBURG_2031'],
  ['product-exclusive', '/products/HOTEL_MUENCHEN_2032'],
  ['product-audio', '/products/NFT_ELBUFER_SESSIONS'],
  ['product-video', '/products/NFT_WELLENLICHT'],
  ['imprint', '/imprint'],
  ['privacy-policy', '/privacy-policy'],
  ['terms-and-conditions', '/terms-and-conditions'],
  ['data-protection', '/data-protection'],
  ['legal-indications', '/legal-indications'],
  ['cms', '/cms/contact'],
  ['contact', '/contact'],
  ['banned', '/banned'],
  ['not-found', '/no-such-page'],
  ['login', '/login'],
  ['sign-up', '/sign-up'],
] as const;
const outDir = join(import.meta.dirname, '..', 'screenshots');

for (const locale of ['de', 'en'] as const) {
  for (const width of [390, 1280]) {
    test(`screenshots in ${locale} at ${width} px`, async ({ page }) => {
      test.setTimeout(240_000);
      mkdirSync(outDir, { recursive: true });
      await useLanguage(page, locale);
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // nothing may stick out sideways on a phone
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the viewport at ${width} px`).toBeLessThanOrEqual(0);
        if (locale === 'de') await expectAccessible(page, `${path} (${locale}, ${width} px)`);
        await page.screenshot({ path: join(outDir, `${name}-${locale}-${width}.png`), fullPage: true });
      }
    });
  }
}
