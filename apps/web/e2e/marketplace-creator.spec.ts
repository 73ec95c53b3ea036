import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';
import {
  type ApiSession,
  apiLogIn,
  apiLogInOperator,
  demoPassword,
  logInOperatorWithForm,
  startBrowserSession,
} from './support/onboarding.ts';

// Issue 18, decision 020: a creator's item through the screens. The demo investor Clara Neumann
// (two-factor off; the seeded creators cannot log in) creates an item with two pictures on
// /create-content-form (the upload's progress bar seen, the second picture made the cover), the
// operator approves it in /admin/products (login with the authenticator's code), search and its
// category find it, its page shows both pictures, and once Clara withdrew it from /created it is gone.
// Then the creator's and the operator's screens at 390 and 1280 px in German and English with axe.
const shop = '/api/v2/shop';
const clara = { email: 'clara.neumann@demo.tokenwerk.example', password: demoPassword };
const cards = (page: Page) => page.getByTestId('product-card');
const card = (page: Page, code: string) =>
  page.locator(`[data-testid="product-card"][data-product-code="${code}"]`);

test.use({ actionTimeout: 15_000 });

/** The picture of a demo collectible: the bytes a creator uploads as their own. */
async function pictureOf(request: APIRequestContext, code: string): Promise<Buffer> {
  const res = await request.get(`${shop}/products/${code}`, { headers: { accept: 'application/json' } });
  const product = (await res.json()) as { mediaFiles: { mediaType: string; path: string | null }[] };
  const path = product.mediaFiles.find((m) => m.mediaType === 'image' && m.path)?.path;
  expect(path, `${code} has a public picture`).toBeTruthy();
  return Buffer.from(await (await request.get(path as string)).body());
}

/** A list settled: no placeholders left. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a creator creates an item with two pictures; approved it is found, withdrawn it is gone', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(300_000);
  // unique per run of the journey, so a second run on the same server finds its own item
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const title = { de: `Glühwürmchen am Mühlbach ${run}`, en: `Fireflies by the mill brook ${run}` };
  const session = await apiLogIn(request, clara);
  await useLanguage(page, 'de');
  await startBrowserSession(page, session);

  await page.goto('/create-content');
  await page.getByRole('link', { name: /Einzelwerk/ }).click();
  await expect(page).toHaveURL(/\/create-content-form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Werk erstellen' })).toBeVisible();

  // the upload's PUT is slowed so the progress bar is there to be seen, as on a slow line
  let uploads = 0;
  await page.route('**/api/v2/shop/uploads/**', async (route) => {
    if (route.request().method() === 'PUT') {
      uploads++;
      await new Promise((r) => setTimeout(r, 1_500));
    }
    await route.continue();
  });
  const fileInput = page.locator('input[type="file"]');
  const files = page.getByRole('list', { name: /Dateien des Werks/ });
  await fileInput.setInputFiles({
    name: 'muehlbach-abend.png',
    mimeType: 'image/png',
    buffer: await pictureOf(request, 'NFT_KIEFERNWALD_ABENDLICHT'),
  });
  const bar = page.getByRole('progressbar', { name: /muehlbach-abend\.png/ });
  await expect(bar).toBeVisible();
  await page.screenshot({ path: info.outputPath('upload-progress.png') });
  await expect(bar).toBeHidden();
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files.getByRole('listitem').first()).toContainText('muehlbach-abend.png');

  await fileInput.setInputFiles({
    name: 'muehlbach-nacht.png',
    mimeType: 'image/png',
    buffer: await pictureOf(request, 'NFT_OSTSEE_HORIZONT'),
  });
  await expect(page.getByRole('progressbar', { name: /muehlbach-nacht\.png/ })).toBeVisible();
  await expect(files.getByRole('listitem')).toHaveCount(2);
  expect(uploads).toBe(2);
  // the second picture becomes the cover
  await page.getByRole('button', { name: '„muehlbach-nacht.png“ nach oben' }).click();
  await expect(files.getByRole('listitem').first()).toContainText('muehlbach-nacht.png');
  await expect(files.getByRole('listitem').first()).toContainText('Titelbild');
  await expect(files.getByRole('listitem').nth(1)).toContainText('muehlbach-abend.png');

  // an album's cover art: in "Musik", whose count no other journey relies on
  await page.getByLabel('Kategorie', { exact: true }).selectOption('collectibles_music');
  await expect(page.getByLabel('Unterkategorie')).toBeDisabled();
  await page.getByLabel('Schlagwörter').fill('Bach, Nacht, Glühwürmchen');
  const german = page.getByRole('group', { name: 'Texte auf Deutsch' });
  await german.getByLabel(/^Titel/).fill(title.de);
  await german.getByLabel(/^Beschreibung/).fill('Tausend kleine Lichter über dem Wasser der alten Mühle.');
  const english = page.getByRole('group', { name: 'Texte auf Englisch' });
  await english.getByLabel(/^Titel/).fill(title.en);
  await english.getByLabel(/^Beschreibung/).fill('A thousand small lights above the old mill’s water.');
  await page.getByLabel(/Mehrere Exemplare/).check();
  await page.getByLabel(/^Exemplare/).fill('5');
  await page.getByLabel(/^Sofortkaufpreis/).fill('129,50');
  await page.getByLabel(/^Tantiemen/).fill('10');
  await page.getByRole('button', { name: 'Eigenschaft hinzufügen' }).click();
  await page.getByLabel(/^Art der Eigenschaft 1/).fill('Stimmung');
  await page.getByLabel(/^Wert der Eigenschaft 1/).fill('ruhig');
  await page.getByRole('button', { name: 'Metadaten hinzufügen' }).click();
  await page.getByLabel(/^Schlüssel 1/).fill('Technik');
  await page.getByLabel(/^Wert 1/).fill('Digitale Malerei');
  await page.getByLabel(/Geschäftsbedingungen für Kreative/).check();
  await page.getByLabel(/keine Urheberrechte anderer verletzt/).check();
  await page.getByRole('button', { name: 'Zur Prüfung senden' }).click();

  await expect(page).toHaveURL(/\/created$/);
  const edit = page.getByRole('link', { name: `„${title.de}“ bearbeiten` });
  await expect(edit).toBeVisible();
  const code = decodeURIComponent(((await edit.getAttribute('href')) ?? '').split('/').pop() ?? '');
  expect(code).not.toBe('');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title.de }) });
  await expect(item).toContainText('In Prüfung');

  // in review: neither in browse nor found by search
  await page.goto(`/browse?creator=${session.uuid}`);
  await settled(page);
  await expect(
    page.getByText('Keine Objekte passen zu diesen Filtern.').or(cards(page).first()),
  ).toBeVisible();
  await expect(card(page, code)).toHaveCount(0);
  await page.goto(`/search?phrase=${encodeURIComponent('Glühwürmchen')}`);
  await expect(page.getByTestId('no-results')).toBeVisible();
  await expect(card(page, code)).toHaveCount(0);

  // the operator approves it in /admin/products, logged in with the authenticator's code
  const operatorContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const operator = await operatorContext.newPage();
  await useLanguage(operator, 'de');
  try {
    await operator.goto('/login');
    await logInOperatorWithForm(operator);
    await operator.goto('/admin/products');
    await expect(operator.getByRole('heading', { level: 1, name: 'Produkte prüfen' })).toBeVisible();
    const row = operator.getByTestId('product-row').filter({ hasText: title.de });
    await row.getByRole('button', { name: `Details zu ${title.de}` }).click();
    const details = operator.getByTestId('product-details');
    await expect(details.getByRole('heading', { name: title.de })).toBeVisible();
    await expect(details).toContainText(title.en);
    await expect(details.getByTestId('product-media').getByRole('listitem')).toHaveCount(2);
    await expect(details.getByTestId('product-traits')).toContainText('ruhig');
    await expect(details.getByTestId('product-metadata')).toContainText('Digitale Malerei');
    await details.getByRole('button', { name: 'Freigeben' }).click();
    await expect(operator.getByText(`„${title.de}“ ist freigegeben und im Shop sichtbar.`)).toBeVisible();
  } finally {
    await operatorContext.close();
  }

  // listed: search finds it by a word of its German title and by the word's transcription
  for (const phrase of ['Glühwürmchen', 'Muehlbach']) {
    await page.goto(`/search?phrase=${encodeURIComponent(phrase)}`);
    await expect(card(page, code), `search for ${phrase}`).toBeVisible();
    await expect(card(page, code)).toContainText(title.de);
  }
  // its category: the list loads on as its end comes into view until the item is there
  await page.goto('/categories/musik');
  await expect(page.getByRole('heading', { level: 1, name: 'Musik' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  for (let more = 0; more < 10 && (await card(page, code).count()) === 0; more++) {
    const shown = await cards(page).count();
    await page.getByTestId('list-end').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count(), 'the next page arrives').toBeGreaterThan(shown);
  }
  await expect(card(page, code)).toBeVisible();
  await card(page, code).getByRole('link', { name: title.de }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: title.de })).toBeVisible();
  const gallery = page.getByTestId('product-gallery');
  await expect(gallery.getByRole('button', { name: /^Datei \d von 2/ })).toHaveCount(2);
  await gallery.getByRole('button', { name: /^Datei 2 von 2/ }).click();
  await expect(gallery.getByRole('img', { name: `${title.de} – Bild 2 von 2` })).toBeVisible();

  // the creator withdraws it from /created, after the confirmation
  await page.goto('/created');
  const withdraw = page.getByRole('button', { name: `„${title.de}“ zurückziehen` });
  await withdraw.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`„${title.de}“ zurückziehen?`);
  await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('Zurückgezogen');
  await expect(withdraw).toHaveCount(0);

  await page.goto(`/browse?creator=${session.uuid}`);
  await settled(page);
  await expect(card(page, code)).toHaveCount(0);
  for (const phrase of ['Glühwürmchen', 'Muehlbach']) {
    await page.goto(`/search?phrase=${encodeURIComponent(phrase)}`);
    await expect(page.getByTestId('no-results')).toBeVisible();
    await expect(card(page, code)).toHaveCount(0);
  }
});

// ---------------------------------------------------------------------------------------------
// The screens with axe

const widths = [390, 1280] as const;

/** The screen at both widths: settled, accessible, no wider than a phone at 390 px; screenshots kept. */
async function look(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await settled(page);
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An item of Clara's in review, made through the spec's calls (presign, PUT, POST products). */
async function itemInReview(request: APIRequestContext, creator: ApiSession, name: string): Promise<string> {
  const headers = { ...creator.headers, accept: 'application/json' };
  const bytes = await pictureOf(request, 'NFT_UMLAUFBAHNEN');
  const presigned = await request.post(`${shop}/media-files/presign`, {
    headers,
    data: { filename: 'studie.png', private: false, hash: createHash('sha256').update(bytes).digest('hex') },
  });
  expect(presigned.status(), await presigned.text()).toBe(201);
  const upload = (await presigned.json()) as {
    id: number;
    uploadUrl: string;
    headers: Record<string, string>;
  };
  const target = new URL(upload.uploadUrl, 'http://placeholder');
  const put = await request.put(target.pathname + target.search, { headers: upload.headers, data: bytes });
  expect(put.status(), await put.text()).toBe(200);
  const created = await request.post(`${shop}/products`, {
    headers,
    data: {
      mediaFiles: [`${shop}/media-files/${upload.id}`],
      translations: {
        de: { name, description: 'Eine Studie in Blau und Grau, mit langen Linien.', locale: 'de' },
        en: { name: `${name} (en)`, description: 'A study in blue and grey, with long lines.', locale: 'en' },
      },
      royalties: 8,
      metadata: [{ key: 'Technik', value: 'Digitale Zeichnung' }],
      traits: [{ type: 'Farbe', value: 'Blau' }],
      whitelisting: false,
      mainTaxon: 'collectibles',
      subCategory: 'collectibles_art',
      itemType: 'multiple',
      copies: 3,
      price: 4_990,
      currency: 'EUR',
      tags: ['Studie'],
      collaboration: false,
      copyrightTransfer: false,
      unlockOnPurchase: false,
      termsAccepted: true,
      noCopyrightInfringement: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { code: string }).code;
}

for (const locale of ['de', 'en'] as const) {
  const de = locale === 'de';

  test(`the creator's screens (${locale})`, async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const session = await apiLogIn(request, clara);
    const code = await itemInReview(request, session, `Blaue Linienstudie ${locale} ${Date.now() % 100_000}`);
    await useLanguage(page, locale);
    await startBrowserSession(page, session);
    const shot = (name: string) => info.outputPath(`${locale}-${name}`);

    await page.goto('/create-content');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de ? 'Inhalte erstellen' : /Create/);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await look(page, 'create-content', shot);

    await page.goto('/create-content-form');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await look(page, 'create-content-form', shot);
    // sent empty: every missing field says so, and the page is still accessible
    await page.getByRole('button', { name: de ? 'Zur Prüfung senden' : /review/i }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(3);
    await look(page, 'create-content-form-errors', shot);

    await page.goto('/created');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Blaue Linienstudie/ }).first()).toBeVisible();
    await look(page, 'created', shot);

    await page.goto(`/edit-product/${encodeURIComponent(code)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('input[type="file"]')).toBeAttached();
    await look(page, 'edit-product', shot);

    await page.goto(`/edit-product/${encodeURIComponent(code)}/metadata`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await look(page, 'edit-product-metadata', shot);
  });

  test(`the operator's product review screens (${locale})`, async ({ page, request }, info) => {
    test.setTimeout(300_000);
    const name = `Graue Linienstudie ${locale} ${Date.now() % 100_000}`;
    await itemInReview(request, await apiLogIn(request, clara), name);
    await useLanguage(page, locale);
    await startBrowserSession(page, await apiLogInOperator(request));
    const shot = (n: string) => info.outputPath(`${locale}-${n}`);

    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de ? 'Produkte prüfen' : /products/i);
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await look(page, 'admin-products', shot);

    await row.getByRole('button', { name: new RegExp(name) }).click();
    await expect(page.getByTestId('product-details').getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('product-details').getByRole('img').first()).toBeVisible();
    await look(page, 'admin-products-review', shot);
  });
}
