import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { apiLogIn, demoPassword, startBrowserSession } from './support/onboarding.ts';

// Issue 18: a collector buys a collectible, and tries the mock bid popup, as the approved demo
// investor Clara Neumann (README "Demo accounts": identified, approved, two-factor off). Both journeys
// run in this file, one after the other: a customer has one order in preparation at a time.
const shop = '/api/v2/shop';
const clara = { email: 'clara.neumann@demo.tokenwerk.example', password: demoPassword };
const normalise = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

test.use({ actionTimeout: 15_000 });
test.describe.configure({ mode: 'serial' });

async function logInClara(page: Page) {
  const session = await apiLogIn(page.request, clara);
  await startBrowserSession(page, session);
  return session;
}

test('buys a collectible by bank transfer: consent, 19 % VAT line, paid in the sandbox bank, in /my-collection', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await logInClara(page);
  // Ostsee-Horizont: 280 € an edition, VAT included (docs/demo-data.md)
  await page.goto('/products/NFT_OSTSEE_HORIZONT');
  await expect(page.getByRole('heading', { level: 1, name: 'Ostsee-Horizont' })).toBeVisible();
  await expect(page.getByText('inkl. 19 % MwSt.')).toBeVisible();
  await page
    .getByRole('link', { name: 'Jetzt kaufen' })
    .or(page.getByRole('button', { name: 'Jetzt kaufen' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/order-process\/token$/, { timeout: 30_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Wie viele Editionen möchten Sie kaufen?' }),
  ).toBeVisible();
  await expect(page.getByLabel('Anzahl Editionen')).toHaveValue('1');
  // a purchase: no § 6 WpPG limit, no securities wording
  await expect(page.getByTestId('investment-limit')).toHaveCount(0);
  await expect(page.getByText(/zeichnen/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/order-process\/addresses$/);
  await expect(page.getByLabel('Nachname')).toHaveValue('Neumann');
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/order-process\/payment-methods$/);
  await page.getByRole('radio', { name: /Banküberweisung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/order-process\/confirmation$/);
  await expect(
    page.getByText('Bitte prüfen Sie Ihre Bestellung und stimmen Sie der sofortigen Bereitstellung zu.'),
  ).toBeVisible();
  // the VAT line as spec 3/9 name it: 19 % of 280 € contained in the price is 44,71 €
  await expect(page.getByText('19% Mwst.')).toBeVisible();
  await expect(page.getByText(/^44,71\s€ \(im Preis enthalten\)$/)).toBeVisible();
  await expect(page.getByText('Rechtliche Dokumente')).toHaveCount(0);
  const buy = page.getByRole('button', { name: /Zahlungspflichtig kaufen/ });
  expect(normalise(await buy.textContent())).toContain('280,00 €');
  await expect(buy).toBeDisabled();
  await page.getByRole('checkbox', { name: /vor Ablauf der Widerrufsfrist begonnen wird/ }).check();
  await expect(buy).toBeDisabled();
  await page.getByRole('checkbox', { name: /mein Widerrufsrecht verliere/ }).check();
  await expect(buy).toBeEnabled();
  const configuration = page.waitForResponse(
    (r) => /\/payments\/\d+\/configuration/.test(r.url()) && r.request().method() === 'GET',
  );
  await buy.click();

  await expect(page).toHaveURL(/\/thank-you-for-offline-payment/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihren Kauf' })).toBeVisible();
  const config = (await (await configuration).json()) as { paymentReference?: string };
  const reference = config.paymentReference ?? '';
  expect(reference).toMatch(/^RF\d{2}[A-Z0-9]+$/);
  await expect(page.getByTestId('bank-reference')).toHaveText(reference);
  expect(normalise(await page.getByTestId('bank-amount').textContent())).toContain('280,00 €');

  // not paid yet: not in the collection
  await page.goto('/my-collection');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Sammlung' })).toBeVisible();

  // the tester books Clara's transfer in the sandbox bank; it reports the credit by webhook
  await page.goto('/sandbox/bank?locale=de');
  await page.getByLabel(/^Name der Auftraggeberin/).fill('Clara Neumann');
  await page.getByLabel(/^IBAN der Auftraggeberin/).fill('DE02120300000000202051');
  await page.getByLabel(/^Betrag in Euro/).fill('280,00');
  await page.getByLabel(/^Verwendungszweck/).fill(`Kauf ${reference}`);
  await page.getByRole('button', { name: 'Gutschrift buchen' }).click();

  const item = page.locator('[data-testid="product-card"][data-product-code="NFT_OSTSEE_HORIZONT"]');
  await expect
    .poll(
      async () => {
        await page.goto('/my-collection');
        await expect(page.getByRole('heading', { level: 1, name: 'Meine Sammlung' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        return item.count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(1);
  await expect(item).toBeVisible();
});

test('the mock bid popup: balance, fee, a ticking countdown; a too-low bid refused, a valid one goes on to the addresses', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const session = await logInClara(page);
  await page.goto('/products/NFT_KIEFERNWALD_ABENDLICHT');
  await expect(page.getByRole('heading', { level: 1, name: 'Kiefernwald im Abendlicht' })).toBeVisible();
  await page.getByTestId('bid-button').click();
  const dialog = page.getByRole('dialog', { name: 'Gebot für „Kiefernwald im Abendlicht“' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('bid-balance')).toHaveText(/^47 ETH$/);
  await expect(dialog.getByTestId('bid-fee')).toHaveText(/^0,2 ETH$/);
  await expect(dialog).toContainText(/1 ETH ≈ 2\.720\s€/);
  // 450 € at 2,720 € an ETH: the current bid is 0,166 ETH
  await expect(dialog.getByTestId('bid-current')).toHaveText(/^0,166 ETH$/);

  // the countdown ticks: another value within 2 seconds
  const countdown = dialog.getByTestId('bid-countdown');
  const first = await countdown.textContent();
  expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  await expect(countdown).not.toHaveText(first!, { timeout: 2_000 });

  const input = dialog.getByLabel('Ihr Gebot (ETH)');
  await input.fill('0,1');
  await dialog.getByTestId('bid-submit').click();
  await expect(dialog.getByText('Bitte bieten Sie mindestens 0,167 ETH.')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/products\/NFT_KIEFERNWALD_ABENDLICHT$/);

  await input.fill('0,5');
  await expect(dialog.getByTestId('bid-total')).toContainText('0,7 ETH');
  await dialog.getByTestId('bid-submit').click();
  await expect(page).toHaveURL(/\/order-process\/addresses$/, { timeout: 30_000 });
  // an order of one edition of the item was started
  const token = await page.evaluate(() => sessionStorage.getItem('orderProcess.tokenValue'));
  expect(token).toBeTruthy();
  const order = await page.request.get(`${shop}/orders/${token}`, {
    headers: { ...session.headers, accept: 'application/json' },
  });
  const items = ((await order.json()) as { items: { quantity: number; variant?: string }[] }).items;
  expect(items.map((i) => i.quantity)).toEqual([1]);
  await page.request.delete(`${shop}/orders/${token}`, { headers: session.headers });
});
