import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { signUpVerified } from './support/accounts.ts';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';
import { type ApiSession, apiLogIn, apiLogInOperator, startBrowserSession } from './support/onboarding.ts';

// Issue 18, decision 023: a creator prepares a collection through the six steps of the preparation
// process (a reload in the middle resumes at the step), submits it, an operator approves its item,
// and the item is in browse. Each step is looked at in both widths, in German and English.
const shop = '/api/v2/shop';
const kiefernwald = 'NFT_KIEFERNWALD_ABENDLICHT';

test.use({ actionTimeout: 15_000 });

/** The picture of a demo collectible, uploaded again as the collection's item. */
async function pictureBytes(request: APIRequestContext): Promise<Buffer> {
  const res = await request.get(`${shop}/products/${kiefernwald}`, {
    headers: { accept: 'application/json' },
  });
  const product = (await res.json()) as { mediaFiles: { mediaType: string; path: string | null }[] };
  const path = product.mediaFiles.find((m) => m.mediaType === 'image' && m.path)?.path;
  expect(path, 'the demo picture has a public path').toBeTruthy();
  return Buffer.from(await (await request.get(path as string)).body());
}

/** The step at 390 and 1280 px: a screenshot of each (test output) and axe without serious findings. */
async function look(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function creator(request: APIRequestContext, lastName: string): Promise<ApiSession> {
  return apiLogIn(request, await signUpVerified(request, { firstName: 'Anna', lastName }));
}

test('a creator prepares a collection in six steps, it is approved and its item is in browse', async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const anna = await creator(request, 'Elbufer');
  await useLanguage(page, 'de');
  await startBrowserSession(page, anna);
  const next = () => page.getByRole('button', { name: 'Speichern und weiter' }).click();

  await page.goto('/create-content');
  await page.getByRole('link', { name: /Kollektion/ }).click();
  await expect(page).toHaveURL(/\/preparation-process\/prepare-collection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kollektion vorbereiten' })).toBeVisible();
  await page.getByLabel(/^Name der Kollektion/).fill('Elbufer im Herbst');
  await page.getByLabel(/^Künstler\/in/).fill('Anna Elbufer');
  await look(page, info, 'de-1-prepare-collection');
  await next();

  await expect(page).toHaveURL(/\/preparation-process\/metadata\?collection=K[A-Z0-9]+$/);
  const code = new URL(page.url()).searchParams.get('collection') as string;
  await page.getByLabel(/^Schlüssel 1/).fill('Ort');
  await page.getByLabel(/^Wert 1/).fill('Dresden');
  await look(page, info, 'de-2-metadata');
  await next();

  await expect(page).toHaveURL(/\/preparation-process\/parameters\?collection=/);
  await page.getByLabel(/^Mindestpreis/).fill('100,50');
  await page.getByLabel(/^Prägung beginnt am/).fill('2026-12-01');
  await page.getByLabel(/^Prägung endet am/).fill('2026-12-31');
  await page.getByLabel(/^Tantiemen/).fill('8');
  await page.getByLabel(/^Netzwerk/).selectOption('polygon');
  await look(page, info, 'de-3-parameters');
  await next();

  // a reload in the middle of the process resumes at the step, with the server's draft
  await expect(page).toHaveURL(/\/preparation-process\/upload-content\?collection=/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Werke hochladen' })).toBeVisible();
  await expect(page.getByText('Schritt 4 von 6')).toBeVisible();
  await page
    .getByRole('link', { name: /Parameter/ })
    .first()
    .click();
  await expect(page.getByLabel(/^Mindestpreis/)).toHaveValue('100,50');
  await expect(page.getByLabel(/^Netzwerk/)).toHaveValue('polygon');
  await next();

  await page.getByLabel(/Ich akzeptiere die Geschäftsbedingungen/).check();
  await page.getByLabel(/keine Urheberrechte anderer verletzt/).check();
  await page
    .getByLabel(/^Datei/)
    .setInputFiles({ name: 'elbe-herbst.png', mimeType: 'image/png', buffer: await pictureBytes(request) });
  await expect(
    page.getByRole('list', { name: 'Werke der Kollektion' }).getByText('elbe-herbst', { exact: true }),
  ).toBeVisible();
  await look(page, info, 'de-4-upload-content');
  await next();

  await expect(page).toHaveURL(/\/preparation-process\/product-metadata\?collection=/);
  await page.getByLabel(/^Titel \(Deutsch\)/).fill('Elbe im Herbstlicht');
  await page.getByLabel(/^Titel \(Englisch\)/).fill('Elbe in autumn light');
  await page.getByLabel(/^Beschreibung \(Deutsch\)/).fill('Das Ufer bei Loschwitz.');
  await page.getByLabel(/^Sofortkaufpreis/).fill('49,90');
  await page.getByLabel(/^Exemplare/).fill('1');
  await look(page, info, 'de-5-product-metadata');
  await next();

  await expect(page).toHaveURL(/\/preparation-process\/collection-summary\?collection=/);
  await expect(page.getByText('Elbufer im Herbst')).toBeVisible();
  await expect(page.getByText('Elbe im Herbstlicht')).toBeVisible();
  await expect(page.getByText('100,50 €')).toBeVisible();
  await look(page, info, 'de-6-collection-summary');
  await page.getByRole('button', { name: 'Kollektion einreichen' }).click();
  await expect(page).toHaveURL(/\/created$/);
  await expect(page.getByRole('heading', { name: 'Kollektionen' })).toBeVisible();
  await expect(page.getByText('Eingereicht')).toBeVisible();
  await look(page, info, 'de-created');

  // an operator approves the item; it is then in browse, and in the public collection
  const own = await request.get(`${shop}/created-collections/${code}`, {
    headers: { ...anna.headers, accept: 'application/json' },
  });
  const collection = (await own.json()) as { state: string; items: { code: string; reviewState: string }[] };
  expect(collection.state).toBe('submitted');
  expect(collection.items).toHaveLength(1);
  const itemCode = collection.items[0]?.code as string;
  const operator = await apiLogInOperator(request);
  const approved = await request.post(`/api/v2/admin/products/${encodeURIComponent(itemCode)}/approve`, {
    headers: operator.headers,
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.goto(`/browse?creator=${anna.uuid}`);
  const card = page.locator(`[data-testid="product-card"][data-product-code="${itemCode}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Elbe im Herbstlicht');
  const pub = await request.get(`${shop}/collections/${code}`, { headers: { accept: 'application/json' } });
  expect(((await pub.json()) as { items: { code: string }[] }).items.map((i) => i.code)).toEqual([itemCode]);
});

test('the steps in English, and leaving asks the spec’s question and throws the draft away', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const ben = await creator(request, 'Harbour');
  const headers = { ...ben.headers, accept: 'application/json' };
  // a draft with one item, prepared through the calls, so every step has something to show
  const created = await request.post(`${shop}/collections`, {
    headers,
    data: { name: 'Harbour lights', artist: 'Ben Harbour' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { code } = (await created.json()) as { code: string };
  await useLanguage(page, 'en');
  await startBrowserSession(page, ben);

  for (const [n, step, heading] of [
    [1, 'prepare-collection', 'Prepare a collection'],
    [2, 'metadata', 'Metadata of the collection'],
    [3, 'parameters', 'Parameters of the collection'],
    [4, 'upload-content', 'Upload the items'],
  ] as const) {
    await page.goto(`/preparation-process/${step}?collection=${code}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await look(page, info, `en-${n}-${step}`);
  }
  await page.getByLabel(/I accept the terms/).check();
  await page.getByLabel(/infringes no one/).check();
  await page
    .getByLabel(/^File/)
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await pictureBytes(request) });
  await expect(
    page.getByRole('list', { name: 'Items of the collection' }).getByText('harbour', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Details of the items' })).toBeVisible();
  await look(page, info, 'en-5-product-metadata');
  await page.goto(`/preparation-process/collection-summary?collection=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check and submit' })).toBeVisible();
  // what is missing is said, with the step to fix it
  await page.getByRole('button', { name: 'Submit collection' }).click();
  await expect(page.getByText('The collection cannot be submitted yet:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Minimum reserve price' })).toBeVisible();
  await look(page, info, 'en-6-collection-summary');

  // leaving the process (a step, not the summary) asks; confirming throws the draft away
  await page.goto(`/preparation-process/metadata?collection=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Metadata of the collection' })).toBeVisible();
  await page.getByRole('link', { name: 'My account' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('All prepared information will be lost, are you sure to exit?');
  await dialog.getByRole('button', { name: /Leave/ }).click();
  await expect(page).not.toHaveURL(/preparation-process/);
  await expect
    .poll(async () => (await request.get(`${shop}/created-collections/${code}`, { headers })).status())
    .toBe(404);
});
