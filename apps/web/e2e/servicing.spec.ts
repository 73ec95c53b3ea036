import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addDays, daysBetween, daysInMonth, parseIsoDate, platformToday } from '@token/domain/calendar';
import { couponSchedule, cycleDate } from '@token/domain/servicing';
import { generate } from 'otplib';
import { logInWithForm } from './support/accounts.ts';
import { useLanguage as chooseLanguage, expect, test } from './support/fixtures.ts';
import { demoOperator, demoPassword, pdfDocument } from './support/onboarding.ts';
import { type RunningServer, startServer } from './support/servers.ts';

// Issue 17: a bond's servicing end to end. The operator creates a bond with monthly coupons, Jonas
// (the demo investor) buys 1,000 tokens by bank transfer and is minted; then the same data is served
// again with the clock (libfaketime) past the first coupon's payment date, so its record date has
// ended: the operator prepares and approves the coupon run, downloads the payout file and marks the
// payout paid; Jonas sees it on the home page and in /account/payments and downloads its statement.
// The journey has its own server, since it restarts it on another clock.

const jonas = {
  email: 'jonas.wagner@demo.tokenwerk.example',
  password: demoPassword,
  totpSecret: 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX',
};
const code = 'E2E_SERVICING_COUPON';
const tokens = 1_000;
const dayMs = 86_400_000;
const normalise = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
// beside screenshots.spec.ts's pages (git-ignored; the runner empties test-results/ on every run)
const shotsDir = join(import.meta.dirname, '..', 'screenshots');

/*
 * The terms, from the real date: monthly coupons on month ends, the first at the first month end at
 * least 5 days ahead, a regular first period (issue one month before it), a year's term, record date
 * one business day before payment; 6 % a year on 1 € a token pays 1,000 tokens 5.00 € a month.
 */
const today = platformToday();
const firstCoupon = (() => {
  const [y, m] = parseIsoDate(addDays(today, 5)) ?? [0, 0];
  const last = daysInMonth(y, m);
  return `${y}-${String(m).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
})();
const terms = {
  issueDate: cycleDate(firstCoupon, 'monthly', -1),
  firstCouponDate: firstCoupon,
  maturityDate: cycleDate(firstCoupon, 'monthly', 11),
  couponFrequency: 'monthly',
  dayCountConvention: 'act_act_icma',
  businessDayConvention: 'following',
  recordDateOffsetBusinessDays: 1,
} as const;
const period = couponSchedule(terms)[0];
if (!period) throw new Error('the terms have no coupon period');
/** The server's clock after the restart: the day after the first coupon's payment (so well past its record date). */
const fakeDays = daysBetween(today, period.paymentDate) + 1;
const fakeOffsetMs = fakeDays * dayMs;
const couponText = { de: '5,00 €', en: '€5.00' };
const bondName = { de: 'Windpark Servicing Test', en: 'Wind farm servicing test' };

/**
 * An authenticator app on a given clock: a code of a step nobody used yet (the API takes each step
 * once), on the real clock or the server's faked one.
 */
function authenticator(secret: string) {
  let lastStep = 0;
  return async (offsetMs: number): Promise<string> => {
    for (;;) {
      const current = Math.floor((Date.now() + offsetMs) / 30_000);
      const step = Math.max(current, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return generate({ secret, epoch: step * 30 });
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  };
}
const operatorCode = authenticator(demoOperator.totpSecret);
const jonasCode = authenticator(jonas.totpSecret);

/** The login form and the second factor, in `locale`'s words. */
async function logIn(
  page: Page,
  who: { email: string; password: string },
  nextCode: (offsetMs: number) => Promise<string>,
  offsetMs: number,
  locale: 'de' | 'en',
) {
  const de = locale === 'de';
  await page.goto('/login');
  await logInWithForm(page, who, locale);
  await expect(page).toHaveURL(/\/login\/2fa/);
  const field = page.getByLabel(de ? 'Bestätigungscode' : 'Verification code');
  for (let attempt = 1; ; attempt++) {
    await field.fill(await nextCode(offsetMs));
    await page.getByRole('button', { name: de ? 'Bestätigen und anmelden' : 'Verify and log in' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 }).then(() => 'in'),
      expect(field)
        .toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'in') return;
    if (attempt >= 3) throw new Error(`the two-factor code of ${who.email} was refused three times`);
  }
}

/** A browser context on the server, its clock (and so the pages' "today") on the server's clock. */
async function newContext(browser: Browser, server: RunningServer, locale: 'de' | 'en', offsetMs = 0) {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: locale === 'de' ? 'de-DE' : 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  if (offsetMs > 0) await context.clock.install({ time: new Date(Date.now() + offsetMs) });
  return context;
}

async function operatorPage(context: BrowserContext, offsetMs: number) {
  const page = await context.newPage();
  await chooseLanguage(page, 'en');
  await logIn(page, demoOperator, operatorCode, offsetMs, 'en');
  return page;
}

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections of the register' }).getByRole('link', { name, exact: true });

/** The PDF's text through poppler's pdftotext, or null where poppler is not installed. */
function pdfText(bytes: Buffer): string | null {
  if (spawnSync('pdftotext', ['-v']).error) return null;
  const dir = mkdtempSync(join(tmpdir(), 'token-e2e-statement-'));
  const file = join(dir, 'statement.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Phase 1, real clock: the operator creates the bond, saves its terms, adds its sheet, publishes. */
async function createBond(browser: Browser, server: RunningServer) {
  const context = await newContext(browser, server, 'en');
  const admin = await operatorPage(context, 0);
  await admin.goto('/admin/bonds');
  await admin.getByRole('link', { name: 'New bond' }).click();
  await expect(admin).toHaveURL(/\/admin\/bonds\/new$/);
  const form = admin.getByRole('form', { name: 'New bond' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Category').selectOption('bonds_energy');
  for (const [legend, name] of [
    ['Texts (German)', bondName.de],
    ['Texts (English)', bondName.en],
  ] as const) {
    const texts = form.getByRole('group', { name: legend });
    await texts.getByLabel('Name', { exact: true }).fill(name);
    await texts.getByLabel('Short description').fill(`${name}: monthly coupons.`);
  }
  // the defaults: 100 cents (1 €) a token, 100,000 tokens in steps of 1,000
  await expect(form.getByLabel('Price per token in cents')).toHaveValue('100');
  await expect(form.getByLabel('Denomination (tokens per order step)')).toHaveValue('1000');
  await form.getByRole('button', { name: 'Create bond' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/bonds/${code}\\?tab=details$`));

  // the terms
  await tab(admin, 'Terms').click();
  const tf = admin.getByRole('form', { name: 'Bond terms' });
  await tf.getByLabel('ISIN').fill('DE000A1EWWW0');
  await tf.getByLabel('Issuer').fill('Windpark Servicing GmbH');
  await tf.getByLabel('Nominal per token').fill('1.00');
  await tf.getByLabel('Number of tokens').fill('100000');
  await tf.getByLabel('Issue volume').fill('100000');
  await tf.getByLabel('Coupon rate').fill('6');
  await tf.getByLabel('Coupon frequency').selectOption(terms.couponFrequency);
  await tf.getByLabel('Day count convention').selectOption(terms.dayCountConvention);
  await tf.getByLabel('Issue date (interest from)').fill(terms.issueDate);
  await tf.getByLabel('First coupon date').fill(terms.firstCouponDate);
  await tf.getByLabel('Maturity date').fill(terms.maturityDate);
  await tf.getByLabel('Business day convention').selectOption(terms.businessDayConvention);
  await tf.getByLabel('Record date (business days before payment)').fill('1');
  await tf.getByLabel('Subscription from').fill(addDays(terms.issueDate, -30));
  await tf.getByLabel('Subscription until').fill(terms.issueDate);
  await tf.getByRole('button', { name: 'Save terms' }).click();
  await expect(admin.getByText('Terms saved as version 1.')).toBeVisible();

  // the key information sheet, then publication
  await tab(admin, 'Details').click();
  const upload = admin.getByRole('form', { name: 'Upload document' });
  await upload.getByLabel('Type').selectOption('information_sheet');
  await upload.getByLabel('Title').fill('Basisinformationsblatt');
  await upload.getByLabel('PDF file').setInputFiles({
    name: 'basisinformationsblatt.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('Basisinformationsblatt Windpark Servicing Test'),
  });
  await upload.getByRole('button', { name: 'Upload document' }).click();
  await expect(admin.getByText('The document was saved as version 1.')).toBeVisible();
  await expect(admin.getByText('Everything publication needs is there.')).toBeVisible();
  await admin.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(admin.getByText('The bond is now shown in the shop.')).toBeVisible();
  await context.close();
}

/** Phase 1: Jonas subscribes 1,000 tokens by bank transfer and books the transfer in the sandbox bank. */
async function buyAndPay(browser: Browser, server: RunningServer) {
  const context = await newContext(browser, server, 'de');
  const page = await context.newPage();
  await chooseLanguage(page, 'de');
  await logIn(page, jonas, jonasCode, 0, 'de');
  await page.goto(`/products/${code}`);
  await page
    .getByRole('link', { name: 'Jetzt zeichnen' })
    .or(page.getByRole('button', { name: 'Jetzt zeichnen' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/order-process\/token$/, { timeout: 30_000 });
  await expect(page.getByLabel('Anzahl Token')).toHaveValue(String(tokens));
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(/\/order-process\/addresses$/);
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(/\/order-process\/payment-methods$/);
  await page.getByRole('radio', { name: /Banküberweisung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(/\/order-process\/confirmation$/);
  await page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ }).click();
  await expect(page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ })).toBeChecked();
  await page
    .getByRole('checkbox', { name: 'Ich bin nicht in den USA oder in Kanada steuerpflichtig.' })
    .check();
  await page.getByRole('checkbox', { name: /Totalverlust/ }).check();
  await page.getByRole('checkbox', { name: 'Meine Angaben sind wahrheitsgemäß und vollständig.' }).check();
  await page.getByRole('checkbox', { name: /eigenen Namen/ }).check();
  await page.getByRole('button', { name: /Zahlungspflichtig zeichnen/ }).click();
  await expect(page).toHaveURL(/\/thank-you-for-offline-payment/);
  const reference = normalise(await page.getByTestId('bank-reference').textContent());
  expect(reference).toMatch(/^RF\d{2}/);

  // the tester books the investor's transfer in the sandbox bank; it reports the credit by webhook
  await page.goto('/sandbox/bank?locale=de');
  await page.getByLabel(/^Name der Auftraggeberin/).fill('Jonas Wagner');
  await page.getByLabel(/^IBAN der Auftraggeberin/).fill('DE02120300000000202051');
  await page.getByLabel(/^Betrag in Euro/).fill('1000,00');
  await page.getByLabel(/^Verwendungszweck/).fill(`Zeichnung ${reference}`);
  await page.getByRole('button', { name: 'Gutschrift buchen' }).click();
  await expect
    .poll(
      async () => {
        await page.goto('/account/orders');
        return page
          .getByTestId('order-row')
          .filter({ hasText: 'Windpark' })
          .first()
          .getAttribute('data-status');
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe('paid');
  await context.close();
}

/** Phase 1: the operator runs the minting batch and waits for the registrar's confirmation. */
async function mint(browser: Browser, server: RunningServer) {
  const context = await newContext(browser, server, 'en');
  const admin = await operatorPage(context, 0);
  await admin.goto(`/admin/bonds/${code}?tab=minting`);
  const order = admin.getByRole('row').filter({ hasText: jonas.email });
  await expect(order).toContainText('Mintable');
  await admin.getByRole('button', { name: 'Run minting' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Run minting' });
  await confirm.getByRole('button', { name: 'Run minting' }).click();
  await expect(confirm).toBeHidden();
  await expect(order).toHaveCount(0, { timeout: 60_000 });
  await tab(admin, 'Holders').click();
  await expect(admin.getByRole('row').filter({ hasText: 'Jonas Wagner' })).toContainText('1,000');
  await context.close();
}

/** Phase 3, server clock: prepare, approve, payout file, mark paid. */
async function runCoupon(browser: Browser, server: RunningServer) {
  const context = await newContext(browser, server, 'en', fakeOffsetMs);
  const admin = await operatorPage(context, fakeOffsetMs);
  await admin.goto(`/admin/bonds/${code}?tab=schedule`);
  // the platform prepares due runs every day as well: the first period has a run or can have one
  const prepare = admin.getByRole('button', { name: 'Prepare run' }).first();
  const open = admin.getByRole('link', { name: 'Open the run of period 1' });
  await expect(prepare.or(open).first()).toBeVisible();
  // preparing opens the run in the payouts tab
  if (await prepare.isVisible()) await prepare.click();
  else await open.click();
  await expect(admin).toHaveURL(/tab=payouts.*run=\d+|run=\d+.*tab=payouts/);
  const run = admin.getByRole('article').filter({ hasText: 'Coupon period 1' });
  await expect(run).toContainText('Prepared');
  const holder = run.getByRole('row').filter({ hasText: jonas.email });
  await expect(holder).toContainText('1,000');
  await expect(holder).toContainText(couponText.en);

  await run.getByRole('button', { name: 'Approve run' }).click();
  const approve = admin.getByRole('alertdialog', { name: 'Approve coupon period 1?' });
  await expect(approve).toContainText(couponText.en);
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(run).toContainText('Approved');
  await expect(holder).toContainText('Pending');

  // the payout file: a SEPA credit transfer initiation (pain.001.001.09) with Jonas's 5.00 €
  const download = admin.waitForEvent('download');
  await run.getByRole('button', { name: 'Download payout file' }).click();
  const xml = readFileSync(await (await download).path(), 'utf8');
  expect(xml.startsWith('<?xml')).toBe(true);
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toMatch(/<InstdAmt[^>]*>5\.00<\/InstdAmt>/);

  await holder.getByRole('button', { name: 'Mark paid' }).click();
  const paid = admin.getByRole('alertdialog', { name: 'Mark the payout paid?' });
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(paid).toBeHidden();
  await expect(holder).toContainText('Paid');
  await expect(run).toContainText('Paid');
  await context.close();
}

/** Phase 4: Jonas sees the payout (home page, /account/payments, statement), screenshots of both widths. */
async function investorSees(browser: Browser, server: RunningServer) {
  mkdirSync(shotsDir, { recursive: true });
  for (const locale of ['de', 'en'] as const) {
    const context = await newContext(browser, server, locale, fakeOffsetMs);
    const page = await context.newPage();
    await chooseLanguage(page, locale);
    await logIn(page, jonas, jonasCode, fakeOffsetMs, locale);
    await page.goto('/');
    const card = page.getByTestId('home-payouts');
    const last = card.getByTestId('home-payout').first();
    await expect(last).toContainText(bondName[locale]);
    expect(normalise(await last.textContent())).toContain(couponText[locale]);

    await page.goto('/account/payments');
    const row = page.getByTestId('payout-row').first();
    await expect(row).toBeVisible();
    expect(normalise(await row.textContent())).toContain(couponText[locale]);
    await expect(row).toContainText(locale === 'de' ? 'Ausgezahlt' : 'Paid');
    await expect(page.getByTestId('payouts-chart')).toBeVisible();

    if (locale === 'de') {
      const answer = page.waitForResponse((r) => /\/customer-payouts\/\d+\/statement/.test(r.url()));
      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: /Abrechnung/ }).click();
      const res = await answer;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
      const bytes = readFileSync(await (await download).path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(bytes);
      if (text !== null) expect(normalise(text)).toContain('5,00');
    }

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account/payments');
      await expect(page.getByTestId('payouts-chart')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/account/payments is wider than ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(shotsDir, `servicing-payments-${locale}-${width}.png`),
        fullPage: true,
      });
      await page.goto('/');
      await expect(page.getByTestId('home-payout').first()).toBeVisible();
      await page.screenshot({
        path: join(shotsDir, `servicing-home-${locale}-${width}.png`),
        fullPage: true,
      });
    }
    await context.close();
  }
}

test('the operator runs a coupon of a new bond and Jonas sees the paid payout', async ({ browser }) => {
  test.setTimeout(600_000);
  expect(fakeDays).toBeLessThan(60);
  let server = await startServer({ name: 'servicing' });
  const dataDir = server.dataDir;
  try {
    await createBond(browser, server);
    await buyAndPay(browser, server);
    await mint(browser, server);

    // the same data on the clock of the day after the first coupon's payment
    const port = Number(new URL(server.url).port);
    await server.stop({ keepData: true });
    server = await startServer({ name: 'servicing', dataDir, fakeDays, port });
    await runCoupon(browser, server);
    await investorSees(browser, server);
  } finally {
    await server.stop();
    // the second server was handed the directory: remove it here
    rmSync(dataDir, { recursive: true, force: true });
  }
});
