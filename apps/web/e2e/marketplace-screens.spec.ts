import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';
import { apiLogIn, demoPassword, startBrowserSession } from './support/onboarding.ts';

// Issue 18: every new marketplace screen at a phone (390 px) and a desktop width (1280 px) in German
// and English: axe finds no serious or critical violation, and at 390 px nothing scrolls sideways.
// The logged-in screens as the approved demo investor Clara Neumann (two-factor off).
const shop = '/api/v2/shop';
const clara = { email: 'clara.neumann@demo.tokenwerk.example', password: demoPassword };
const widths = [390, 1280] as const;

/** The screen at both widths: settled, accessible, and no wider than a phone at 390 px. */
async function look(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // placeholders gone: the final shape is what is checked
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page, `${name} at ${width} px`);
  }
}

test.use({ actionTimeout: 15_000 });

for (const locale of ['de', 'en'] as const) {
  test(`public marketplace screens (${locale})`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const profile = await request.get(`${shop}/public-profiles?profileName=lenahartmann`, {
      headers: { accept: 'application/json' },
    });
    expect(profile.status()).toBe(200);
    const body = (await profile.json()) as { uuid: string } | { uuid: string }[];
    const uuid = Array.isArray(body) ? body[0]!.uuid : body.uuid;
    await useLanguage(page, locale);
    const screens: [name: string, path: string, ready: (p: Page) => Promise<void>][] = [
      ['browse', '/browse', (p) => expect(p.getByTestId('product-card').first()).toBeVisible()],
      ['category', '/categories/kunst', (p) => expect(p.getByTestId('product-card').first()).toBeVisible()],
      [
        'search',
        `/search?phrase=${locale === 'de' ? 'Kiefernwald' : 'forest'}`,
        (p) => expect(p.getByTestId('product-card').first()).toBeVisible(),
      ],
      [
        'item',
        '/products/NFT_KIEFERNWALD_ABENDLICHT',
        (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      ],
      ['customer', `/customer?id=${uuid}`, (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      [
        'profile',
        '/profile/lenahartmann',
        (p) => expect(p.getByRole('heading', { level: 1 })).toContainText('Lena Hartmann'),
      ],
    ];
    for (const [name, path, ready] of screens) {
      await page.goto(path);
      await ready(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await look(page, `${name} (${locale})`);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test(`a collector's marketplace screens (${locale})`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await useLanguage(page, locale);
    await startBrowserSession(page, await apiLogIn(request, clara));
    const screens: [name: string, path: string][] = [
      ['favourites', '/favourites'],
      ['my-collection', '/my-collection'],
      ['edit-profile', '/edit-profile'],
      ['notifications-settings', '/notifications-settings'],
    ];
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await look(page, `${name} (${locale})`);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
}
