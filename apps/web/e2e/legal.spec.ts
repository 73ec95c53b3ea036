import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';

const pages = [
  { path: '/imprint', de: 'Impressum', en: 'Imprint' },
  { path: '/privacy-policy', de: 'Datenschutzerklärung', en: 'Privacy policy' },
  { path: '/terms-and-conditions', de: /Allgemeine Geschäftsbedingungen|AGB/, en: /terms and conditions/i },
  { path: '/data-protection', de: /Datenschutz/, en: /data protection/i },
  { path: '/legal-indications', de: /Rechtliche Hinweise/, en: /legal/i },
] as const;

for (const locale of ['de', 'en'] as const) {
  for (const p of pages) {
    test(`${p.path} in ${locale} comes from the CMS in that language`, async ({ page, request }) => {
      await useLanguage(page, locale);
      await page.goto(p.path);
      // the page arrives rendered on the server with the CMS answer (decision 021): compare with the API
      const answer = await request.get(`/api/v2/shop/cms-plugin/pages?code=${p.path.slice(1)}`, {
        headers: { 'accept-language': locale, accept: 'application/json' },
      });
      const body = (await answer.json()) as { title: string; content: string }[];
      expect(body).toHaveLength(1);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(body[0]!.title);
      await expect(heading).toHaveText(p[locale]);
      await expect(page.locator('main .cms-content')).not.toBeEmpty();
      await expect(page).toHaveTitle(new RegExp(`^${body[0]!.title.replace(/[()]/g, '.')} · Tokenwerk$`));
      await expectAccessible(page, `${p.path} (${locale})`);
    });
  }
}

test('the footer links to every legal page and /cms/:code shows a page by code', async ({ page }) => {
  await page.goto('/cms/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Tokenwerk Capital GmbH');
  await expect(footer).toContainText('Friedrichstraße 68');
  await expect(footer).toContainText('10117 Berlin');
  for (const href of pages.map((x) => x.path)) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await footer.getByRole('link', { name: 'Datenschutzerklärung' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
});
