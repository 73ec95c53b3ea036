import { expect, expectAccessible, test } from './support/fixtures.ts';

test('an unknown path shows page-not-found with a link home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expectAccessible(page, '404');
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei Tokenwerk' })).toBeVisible();
});

test('an unknown product and an unknown CMS page show page-not-found too', async ({ page }) => {
  await page.goto('/products/NO_SUCH_PRODUCT');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await page.goto('/cms/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
});

test('/banned explains the block and offers the contact page', async ({ page }) => {
  await page.goto('/banned');
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Konto ist gesperrt' })).toBeVisible();
  await expectAccessible(page, 'banned');
  await page.getByRole('link', { name: 'Kontakt aufnehmen' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
