import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Decision 021: the public pages arrive rendered, and the browser takes them over (hydrates) with
// the same data and language, without a hydration mismatch or a second fetch of the page's data.

const pages = [
  {
    path: '/products/SOLAR_BRANDENBURG_2031',
    de: 'Solarpark Brandenburg 2031',
    en: 'Solar Park Brandenburg 2031',
  },
  { path: '/categories/art', de: 'Kunst', en: 'Art' },
  { path: '/imprint', de: 'Impressum', en: 'Imprint' },
] as const;

test('without JavaScript the public pages show their content, head and structured data', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const p of pages) {
    const res = await page.goto(p.path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: p.de })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${p.de} · `));
  }
  await page.goto('/products/SOLAR_BRANDENBURG_2031');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'Solarpark Brandenburg 2031' });
  const missing = await page.goto('/products/NO_SUCH_PRODUCT');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await context.close();
});

/** Console errors and page errors (React reports a hydration mismatch as a console error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Marks the server's heading before any script runs (`interactive` comes before module scripts),
 * so `hydrated` can tell a hydration (the same element, taken over) from a render anew.
 */
async function markServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
    });
  });
}

/** Waits until the app owns the page (`html[data-app-ready]`) and checks it kept the server's heading. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
  const kept = await page.evaluate(() => {
    const serverH1 = (window as unknown as { serverH1?: Element | null }).serverH1;
    return serverH1 != null && serverH1 === document.querySelector('h1') && serverH1.isConnected;
  });
  expect(kept, 'the server-rendered heading was hydrated, not replaced').toBe(true);
}

for (const locale of ['de', 'en'] as const) {
  test(`with JavaScript the pages hydrate in ${locale} without errors or refetching`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: locale === 'de' ? 'de-DE' : 'en-GB' });
    // the language the visitor chose: the cookie the language switch sets
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL ?? '' }]);
    const page = await context.newPage();
    await markServerHeading(page);
    const errors = collectErrors(page);
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/shop/products/') || r.url().includes('/api/v2/shop/cms'))
        apiCalls.push(r.url());
    });
    for (const p of pages) {
      await page.goto(p.path);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: p[locale] })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    expect(apiCalls).toEqual([]);
    // the hydrated page works: a link navigates in the page without loading a document
    await page.goto(pages[0].path);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page
      .getByRole('navigation', { name: locale === 'de' ? 'Brotkrümelnavigation' : 'Breadcrumb' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
}
