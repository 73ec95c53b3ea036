import { expect, expectAccessible, test } from './support/fixtures.ts';
import { apiLogInOperator, startBrowserSession } from './support/onboarding.ts';

// Issue 8: the operators' order and payment screens on a phone (390 px): the three sections'
// navigation, the order list's filter kept in the address, the statement upload; no sideways
// scrolling, accessible (axe).
test.use({ viewport: { width: 390, height: 844 } });

const noSidewaysScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('the operator moves between orders and payments on a phone', async ({ page, request }) => {
  await startBrowserSession(page, await apiLogInOperator(request));
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Bereiche der Administration' });
  await expect(nav.getByRole('link', { name: 'Bestellungen', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The three sections fit the phone's width in both languages (English labels are the longer):
  // the bar itself does not scroll sideways either.
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'EN', exact: true }).first().click();
  const navEn = page.getByRole('navigation', { name: 'Administration sections' });
  await expect(navEn.getByRole('link', { name: 'Payments / reconciliation' })).toBeVisible();
  expect(await navEn.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'DE', exact: true }).first().click();
  await expect(nav).toBeVisible();
  await page.getByLabel('Zahlungsstatus').selectOption('awaiting_payment');
  await expect(page).toHaveURL(/paymentState=awaiting_payment/);
  await noSidewaysScroll(page);
  await expectAccessible(page, 'admin orders');
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-orders-390.png`, fullPage: true });

  await nav.getByRole('link', { name: 'Zahlungen / Abgleich' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlungen / Abgleich' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kontoauszug hochladen' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, 'admin payments');
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-payments-390.png`, fullPage: true });
});
