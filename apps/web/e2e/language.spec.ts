import { expect, expectAccessible, test } from './support/fixtures.ts';

test('the language switch is kept across reloads and sent to the API', async ({ page }) => {
  await page.goto('/imprint');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();

  const englishCall = page.waitForRequest(
    (r) => r.url().includes('/api/v2/shop/cms-plugin/pages') && r.headers()['accept-language'] === 'en',
  );
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await englishCall;
  await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'EN', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Log in' })
      .or(page.getByRole('link', { name: 'Log in' }))
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'imprint in English');

  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
