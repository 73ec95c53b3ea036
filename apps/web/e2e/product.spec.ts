import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';

test('a bond shows its figures, price, availability and buy state, and its documents download', async ({
  page,
  request,
}) => {
  await page.goto('/products/SOLAR_BRANDENBURG_2031');
  await expect(page.getByRole('heading', { level: 1, name: 'Solarpark Brandenburg 2031' })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(/^1\s€$/);
  // docs/demo-data.md: 5,000,000 on hand, 1,250,000 on hold as seeded; the order journeys on the same
  // server (another worker) may hold more meanwhile, so the page shows what the shop API says around it
  const shown = page.getByTestId('product-availability');
  await expect(shown).toHaveText(/^\d{1,3}(\.\d{3})* von 5\.000\.000 Token$/);
  const answer = await request.get('/api/v2/shop/products/SOLAR_BRANDENBURG_2031');
  const { defaultVariant } = (await answer.json()) as { defaultVariant: { availableQuantity: number } };
  const available = Number((await shown.textContent())?.split(' ')[0]?.replaceAll('.', ''));
  expect(available).toBeLessThanOrEqual(3_750_000);
  expect(available).toBeGreaterThanOrEqual(defaultVariant.availableQuantity);
  await expect(page.locator('[data-attribute="coupon_rate"] dd')).toHaveText(/^\d+,\d{2}\s%$/);
  await expect(page.locator('[data-attribute="term_months"] dd')).toHaveText(/^\d+ Monate$/);
  await expect(page.locator('[data-attribute="maturity_date"] dd')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(page.locator('[data-attribute="isin"] dd')).toHaveText(/^DE000[A-Z0-9]{7}$/);
  await expect(page.getByTestId('buy-button')).toBeDisabled();
  await expect(page.getByTestId('buy-reason')).toContainText('Zum Zeichnen melden Sie sich bitte an.');
  await expect(page.locator('img[alt="Solarpark Brandenburg 2031"]')).toBeVisible();
  await expectAccessible(page, 'bond details');

  const docs = page.getByTestId('legal-document');
  await expect(docs).toHaveCount(2);
  const download = page.waitForEvent('download');
  await docs.first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('sold-out, exclusive and professional-only bonds say so', async ({ page }) => {
  await page.goto('/products/WOHNEN_LEIPZIG_2029');
  await expect(page.locator('[data-label="sold"]')).toHaveText('Ausverkauft');
  await expect(page.getByTestId('buy-reason')).toHaveText('Dieses Angebot ist ausverkauft.');

  await page.goto('/products/HOTEL_MUENCHEN_2032');
  await expect(page.locator('[data-label="exclusive"]')).toHaveText('Exklusiv');
  await expect(page.getByTestId('buy-button')).toHaveCount(0);
  await expect(page.getByTestId('enquiry-button')).toHaveAttribute(
    'href',
    /^mailto:kontakt@tokenwerk\.example\?subject=/,
  );

  await page.goto('/products/MITTELSTAND_KREDIT_2028');
  await expect(page.locator('[data-attribute="professional_only"]')).toBeVisible();
  await expect(page.locator('[data-attribute="minimum_subscription"] dd')).toHaveText(/^200\.000\s€$/);
});

test('a collectible shows its audio with the cover, its creator and the price in English', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/products/NFT_ELBUFER_SESSIONS');
  await expect(page.locator('[data-media="audio"] audio')).toHaveCount(1);
  await expect(page.locator('[data-media="audio"] img')).toBeVisible();
  // the creator is named and linked to their profile summary
  await expect(page.getByText('by Felix Braun')).toBeVisible();
  await expect(page.getByTestId('product-creator')).toHaveAttribute('href', /^\/customer\?id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('product-price')).toHaveText(/^€\d/);
  await expect(page.getByTestId('buy-reason')).toHaveText(/Please log in to buy\./);
  await expectAccessible(page, 'collectible details');
});
