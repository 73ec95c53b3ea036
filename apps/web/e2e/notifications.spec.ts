import { expect, test } from './support/fixtures.ts';

/** Navigates inside the SPA the way the browser's back/forward does (a router POP navigation). */
async function spaNavigate(page: import('@playwright/test').Page, url: string) {
  await page.evaluate((u) => {
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

test('an API failure shows in the notification bar with its detail, and navigation hides it', async ({
  page,
}) => {
  await page.route('**/api/v2/shop/cms-plugin/blocks?code=footer-partners', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 500, code: 'internal_error', detail: 'boom', requestId: 'req-e2e' }),
    }),
  );
  // a page the browser renders alone (/ is not rendered on the server), so the footer block is fetched
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'Es ist ein unerwarteter Fehler aufgetreten.' });
  await expect(alert).toHaveCount(1);
  await alert.getByRole('button', { name: 'Details anzeigen' }).click();
  await expect(alert).toContainText('code: internal_error');
  await expect(alert).toContainText('request: req-e2e');

  // a query with `limit` keeps the notifications (spec 2)
  await spaNavigate(page, '/imprint?limit=5');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(alert).toHaveCount(1);

  // any other navigation hides them
  await page.getByRole('contentinfo').getByRole('link', { name: 'AGB' }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the same failure twice shows one notification, and it can be closed', async ({ page }) => {
  await page.route('**/api/v2/shop/cms-plugin/blocks**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Beim Abrufen der Daten ist ein Fehler aufgetreten.');
  await alert.getByRole('button', { name: 'Benachrichtigung schließen' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('every navigation scrolls to the top', async ({ page }) => {
  await page.goto('/imprint');
  await expect(page.locator('main .cms-content')).not.toBeEmpty();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Rechtliche Hinweise' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Rechtliche Hinweise/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
