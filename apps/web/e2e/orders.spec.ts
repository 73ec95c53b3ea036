import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { logInWithForm } from './support/accounts.ts';
import { expect, expectAccessible, test, useLanguage } from './support/fixtures.ts';
import {
  type ApiSession,
  apiLogInOperator,
  demoPassword,
  freshTotpCode,
  startBrowserSession,
  type Tokens,
} from './support/onboarding.ts';

// Issue 8: the investor's order journeys as the demo investor Jonas Wagner (README "Demo accounts":
// approved, custody wallet, two-factor on) would take them. Demo bonds are priced 1 EUR a token and
// subscribed in steps of 1,000 tokens (decision 011). Every journey uses its own bond, because the
// § 6 limit counts the investor's total per bond across their orders.
const jonas = {
  email: 'jonas.wagner@demo.tokenwerk.example',
  password: demoPassword,
  totpSecret: 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX',
};
const shop = '/api/v2/shop';
const normalise = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The login form, then the authenticator's code (a code another worker used first is typed again). */
async function logInJonas(page: Page) {
  await page.goto('/login');
  await logInWithForm(page, jonas);
  await expect(page).toHaveURL(/\/login\/2fa/);
  const field = page.getByLabel('Bestätigungscode');
  for (let attempt = 1; ; attempt++) {
    await field.fill(await freshTotpCode(jonas.totpSecret));
    await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 }).then(() => 'in'),
      expect(field)
        .toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 })
        .then(() => 'refused'),
    ]);
    if (outcome === 'in') return;
    if (attempt >= 3) throw new Error('the two-factor code was refused three times');
  }
}

/** Jonas through the API (password, then a fresh two-factor code). */
async function apiLogInJonas(request: APIRequestContext): Promise<ApiSession> {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post(`${shop}/authentication-token`, {
      data: { email: jonas.email, password: jonas.password, code: await freshTotpCode(jonas.totpSecret) },
    });
    if (res.status() === 200) return sessionFrom(res);
    if (attempt >= 3) throw new Error(`login failed: ${await res.text()}`);
  }
}

async function sessionFrom(res: import('@playwright/test').APIResponse): Promise<ApiSession> {
  const tokens = (await res.json()) as { token: string; refresh_token: string; customer: string };
  const uuid = tokens.customer.split('/').pop() ?? '';
  return { ...tokens, uuid, headers: { authorization: `Bearer ${tokens.token}` } };
}

/** Buy-now on a bond's page, which starts the order and opens the token step. */
async function startOrder(page: Page, productCode: string) {
  await page.goto(`/products/${productCode}`);
  await page
    .getByRole('link', { name: 'Jetzt zeichnen' })
    .or(page.getByRole('button', { name: 'Jetzt zeichnen' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/order-process\/token$/, { timeout: 30_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Wie viele Token möchten Sie zeichnen?' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-amount')).toBeVisible();
}

/** The order in preparation, as the process pages keep it (features/orders/api/current-order.ts). */
const currentToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('orderProcess.tokenValue'));

test.use({ actionTimeout: 15_000 });

test('subscribes to a bond by bank transfer: token step to thank-you page with GiroCode, orders list and invoice PDF', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await logInJonas(page);
  await startOrder(page, 'SOLAR_BRANDENBURG_2031');
  await expect(page.getByLabel('Anzahl Token')).toHaveValue('1000');
  expect(normalise(await page.getByTestId('order-amount').textContent())).toBe('1.000,00 €');
  // Jonas's demo register already holds 5,000 EUR of this bond (docs/demo-data.md), past the 1,000 EUR
  // of § 6 WpPG without a self-disclosure: he declares his wealth, which allows 10,000 EUR
  await page.getByRole('checkbox', { name: /frei verfügbares Vermögen/ }).check();
  await expect(page.getByTestId('investment-limit')).toContainText('10.000');
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/order-process\/addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungsadresse' })).toBeVisible();
  await expect(page.getByLabel('Nachname')).toHaveValue('Wagner');
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/order-process\/payment-methods$/);
  await page.getByRole('radio', { name: /Banküberweisung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/order-process\/confirmation$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bestellung prüfen und abschließen' }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'Ihre Bestellung' });
  await expect(summary).toContainText('Überweisung');
  // the legal documents open in a new window; then they are confirmed
  const docLinks = page.getByRole('region', { name: 'Rechtliche Dokumente' }).getByRole('link');
  expect(await docLinks.count()).toBeGreaterThan(0);
  const [doc] = await Promise.all([page.context().waitForEvent('page'), docLinks.first().click()]);
  await doc.close();
  const complete = page.getByRole('button', { name: /Zahlungspflichtig zeichnen/ });
  await expect(complete).toBeDisabled();
  // confirmed on the server first, then shown checked
  await page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ }).click();
  await expect(page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ })).toBeChecked();
  await expect(page.getByText(/Bestätigt am/)).toBeVisible();
  await page
    .getByRole('checkbox', { name: 'Ich bin nicht in den USA oder in Kanada steuerpflichtig.' })
    .check();
  await page.getByRole('checkbox', { name: /Totalverlust/ }).check();
  await page.getByRole('checkbox', { name: 'Meine Angaben sind wahrheitsgemäß und vollständig.' }).check();
  await page.getByRole('checkbox', { name: /eigenen Namen/ }).check();
  expect(normalise(await complete.textContent())).toContain('1.000,00 €');

  const configuration = page.waitForResponse(
    (r) => /\/payments\/\d+\/configuration/.test(r.url()) && r.request().method() === 'GET',
  );
  await complete.click();
  await expect(page).toHaveURL(/\/thank-you-for-offline-payment/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Zeichnung' })).toBeVisible();
  const config = (await (await configuration).json()) as {
    epcQrPayload?: string;
    paymentReference?: string;
    bankAccount?: { iban: string };
  };
  const iban = config.bankAccount?.iban ?? '';
  const reference = config.paymentReference ?? '';
  expect(iban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]+$/);
  expect(reference).toMatch(/^RF\d{2}[A-Z0-9]+$/);
  // the page shows what the GiroCode carries
  expect(normalise(await page.getByTestId('bank-amount').textContent())).toContain('1.000,00 €');
  expect((await page.getByTestId('bank-iban').textContent())?.replace(/\s/g, '')).toBe(iban);
  await expect(page.getByTestId('bank-reference')).toHaveText(reference);
  // EPC069-12 read without scanning: service tag, IBAN, amount and the structured reference
  const lines = (config.epcQrPayload ?? '').split('\n');
  expect(lines[0]).toBe('BCD');
  expect(lines).toContain(iban);
  expect(lines).toContain('EUR1000');
  expect(lines).toContain(reference);
  const qr = page.getByTestId('giro-code');
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);

  // /account/orders: awaiting payment, with a details button
  await page.goto('/account/orders');
  const row = page.getByTestId('order-row').filter({ hasText: 'Solar' }).first();
  await expect(row).toHaveAttribute('data-status', 'awaiting_payment');
  await expect(row).toContainText('Zahlung ausstehend');
  await row
    .getByRole('link', { name: /Details/ })
    .or(row.getByRole('button', { name: /Details/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/order-details\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestelldetails' })).toBeVisible();
  const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

  // /invoices?tokenValue=: the invoice, and its PDF
  await page.goto(`/invoices?tokenValue=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  await expect(page.getByText(/^Rechnung \d{4}-\d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /als PDF herunterladen/ })).toBeVisible();
});

test('the invoice of the bank-transfer order downloads as a PDF', async ({ page }) => {
  await logInJonas(page);
  await page.goto('/account/orders');
  const row = page.getByTestId('order-row').filter({ hasText: 'Solar' }).first();
  await row
    .getByRole('link', { name: /Details/ })
    .or(row.getByRole('button', { name: /Details/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/order-details\//);
  const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.goto(`/invoices?tokenValue=${encodeURIComponent(token)}`);
  const pdfAnswer = page.waitForResponse((r) => /\/invoice\/\d+\/pdf$/.test(r.url()));
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /als PDF herunterladen|PDF herunterladen/ })
    .first()
    .click();
  const res = await pdfAnswer;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  // the file the browser saved is the PDF (the response body itself is streamed into a blob)
  const file = await (await download).path();
  const dir = shotsDir;
  mkdirSync(dir, { recursive: true });
  const body = readFileSync(file);
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  writeFileSync(join(dir, 'invoice-de.pdf'), body);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '70', join(dir, 'invoice-de.pdf'), join(dir, 'invoice-de')]);
  } catch {
    // pdftoppm is for a person to look at the invoice; the journey's checks are above
  }
});

test('leaving the process asks the question and, confirmed, deletes the order', async ({ page, request }) => {
  test.setTimeout(240_000);
  const s = await apiLogInJonas(request);
  await startBrowserSession(page, s);
  await startOrder(page, 'WIND_NORDSEE_2030');
  const token = await currentToken(page);
  expect(token).toBeTruthy();
  const orderUrl = `${shop}/orders/${token}`;
  expect((await request.get(orderUrl, { headers: s.headers })).status()).toBe(200);

  // navigating away asks the spec's question; staying keeps the order
  await page.getByRole('banner').getByRole('link').first().click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Alle vorbereiteten Angaben gehen verloren.');
  await dialog.getByRole('button', { name: 'Bleiben', exact: true }).click();
  await expect(page).toHaveURL(/\/order-process\/token$/);

  await page.getByRole('link', { name: 'Zeichnung abbrechen' }).click();
  await expect(dialog).toContainText('Möchten Sie den Vorgang wirklich verlassen?');
  await dialog.getByRole('button', { name: 'Verlassen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/order-process\//);
  // the cart is deleted: the API no longer knows it
  await expect.poll(async () => (await request.get(orderUrl, { headers: s.headers })).status()).toBe(404);
});

test('above the § 6 limit the step says why; an income declaration allows it; a refused change reverts', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await apiLogInJonas(request);
  await startBrowserSession(page, s);
  await startOrder(page, 'BIOGAS_BAYERN_2030');
  const quantity = page.getByLabel('Anzahl Token');
  await expect(quantity).toHaveValue('1000');
  const next = page.getByRole('button', { name: 'Weiter', exact: true });

  // (d) a quantity that is not a step of 1,000 is refused by the API and reverts
  await quantity.fill('1500');
  await quantity.press('Enter');
  await expect(
    page.getByText('Die Anzahl muss ein Vielfaches der Stückelung dieser Anleihe sein.'),
  ).toBeVisible();
  await expect(quantity).toHaveValue('1000');
  expect(normalise(await page.getByTestId('order-amount').textContent())).toBe('1.000,00 €');

  // (c) 2,000 tokens without a statement: refused, and why
  await page.getByRole('button', { name: '1.000 Token mehr' }).click();
  await expect(quantity).toHaveValue('2000');
  expect(normalise(await page.getByTestId('order-amount').textContent())).toBe('2.000,00 €');
  const refusals = page.getByTestId('refusals');
  await expect(refusals).toContainText('§ 6 WpPG');
  expect(normalise(await refusals.textContent())).toContain('ergäben 2.000 €, Ihre Grenze beträgt 1.000 €');
  await expect(next).toBeDisabled();

  // an average monthly net income of 1,500 EUR allows twice that: 3,000 EUR
  await page.getByLabel('Durchschnittliches monatliches Nettoeinkommen').fill('1500');
  expect(normalise(await page.getByTestId('investment-limit').textContent())).toContain('3.000 €');
  await expect(refusals).toHaveCount(0);
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/order-process\/addresses$/);

  // the API keeps the 2,000 tokens; the declarations are checked again at completion
  const token = await currentToken(page);
  const order = await request.get(`${shop}/orders/${token}`, { headers: s.headers });
  expect(((await order.json()) as { items: { quantity: number }[] }).items[0]?.quantity).toBe(2000);
  await request.delete(`${shop}/orders/${token}`, { headers: s.headers });
});

test('subscribes by card through the sandbox card provider and sees the order paid', async ({ page }) => {
  await logInJonas(page);
  await startOrder(page, 'LOGISTIK_HAMBURG_2029');
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await page.getByRole('radio', { name: /Kartenzahlung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  // confirmed on the server first, then shown checked
  await page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ }).click();
  await expect(page.getByRole('checkbox', { name: /Ich habe die Dokumente der Anleihe/ })).toBeChecked();
  await page
    .getByRole('checkbox', { name: 'Ich bin nicht in den USA oder in Kanada steuerpflichtig.' })
    .check();
  await page.getByRole('checkbox', { name: /Totalverlust/ }).check();
  await page.getByRole('checkbox', { name: 'Meine Angaben sind wahrheitsgemäß und vollständig.' }).check();
  await page.getByRole('checkbox', { name: /eigenen Namen/ }).check();
  await page.getByRole('button', { name: /Zahlungspflichtig zeichnen/ }).click();
  // the sandbox provider's hosted page
  await expect(page).toHaveURL(/\/sandbox\/card/);
  await page.getByRole('button', { name: /^Bezahlen(?! mit)/ }).click();
  await expect(page).toHaveURL(/\/payment\/success/);
  await expect(page.getByText('Ihre Zahlung ist eingegangen. Vielen Dank!')).toBeVisible();
  await page.goto('/account/orders');
  await expect(page.getByTestId('order-row').filter({ hasText: 'Logistik' }).first()).toHaveAttribute(
    'data-status',
    'paid',
  );
});

test('the transfer booked in the sandbox bank marks the order paid', async ({ page }) => {
  test.setTimeout(240_000);
  await logInJonas(page);
  await page.goto('/account/orders');
  const row = page.getByTestId('order-row').filter({ hasText: 'Solar' }).first();
  await row
    .getByRole('link', { name: /Details/ })
    .or(row.getByRole('button', { name: /Details/ }))
    .first()
    .click();
  const reference = ((await page.getByTestId('bank-reference').textContent()) ?? '').trim();
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
        return page.getByTestId('order-row').filter({ hasText: 'Solar' }).first().getAttribute('data-status');
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe('paid');
});

/** A camt.053 statement of the issuer's account with one credit (what the bank sends at night). */
function camt053(entry: { ref: string; cents: number; debtor: string; text: string }): Buffer {
  const amount = (entry.cents / 100).toFixed(2);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>M-${entry.ref}</MsgId><CreDtTm>2026-11-24T06:12:01.0+01:00</CreDtTm></GrpHdr>
<Stmt><Id>S-${entry.ref}</Id><CreDtTm>2026-11-24T06:12:01.0+01:00</CreDtTm>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-11-23</Dt></BookgDt><ValDt><Dt>2026-11-23</Dt></ValDt><AcctSvcrRef>${entry.ref}</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>
<RltdPties><Dbtr><Nm>${entry.debtor}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf><Ustrd>${entry.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`);
}

test('an operator uploads the camt.053, books the transfer that names no reference on its order, and it is paid', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // Jonas places an order by bank transfer (through the API: the screens are the first journey's),
  // declaring free assets so the § 6 limit is 10,000 EUR beside his other orders of this bond.
  const jonasApi = await apiLogInJonas(request);
  const headers = { ...jonasApi.headers, accept: 'application/json' };
  const created = await request.post(`${shop}/orders`, { headers, data: { locale: 'de' } });
  expect(created.status()).toBe(201);
  const token = ((await created.json()) as { tokenValue: string }).tokenValue;
  const added = await request.post(`${shop}/orders/${token}/items`, {
    headers,
    data: { productVariant: `${shop}/product-variants/LOGISTIK_HAMBURG_2029`, quantity: 1000 },
  });
  expect(added.status(), await added.text()).toBe(201);
  expect(
    (await request.patch(`${shop}/orders/${token}/legal-documents-confirm`, { headers, data: {} })).status(),
  ).toBe(200);
  const cart = (await (await request.get(`${shop}/orders/${token}`, { headers })).json()) as {
    payments: { id: number }[];
  };
  const chosen = await request.patch(`${shop}/orders/${token}/payments/${cart.payments[0]!.id}`, {
    headers,
    data: { paymentMethod: `${shop}/payment-methods/offline` },
  });
  expect(chosen.status()).toBe(200);
  const placed = await request.patch(`${shop}/orders/${token}/complete`, {
    headers,
    data: {
      notes: null,
      statements: {
        notUsOrCanadaTaxpayer: true,
        totalLossRisk: true,
        illiquidityRisk: true,
        informationTruthful: true,
        actingOnOwnAccount: true,
        documentsReceived: true,
      },
      declarations: { freeAssetsAtLeast100k: true, averageMonthlyNetIncomeCents: null },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()) as { number: string; total: number; paymentState: string };
  expect(order.paymentState).toBe('awaiting_payment');

  // His bank's transfer quotes no reference: the statement's credit cannot be matched by itself.
  const stamp = `E2E${Date.now()}`;
  const statement = camt053({
    ref: stamp,
    cents: order.total,
    debtor: 'Jonas Wagner',
    text: `Anleihe Logistik ${stamp}`,
  });
  await startBrowserSession(page, await apiLogInOperator(request));
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlungen / Abgleich' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: `auszug-${stamp}.xml`,
    mimeType: 'application/xml',
    buffer: statement,
  });
  await expect(page.getByText(`auszug-${stamp}.xml wurde eingelesen.`)).toBeVisible();

  // The open credit: assign it to Jonas's order, found by its number, with a reason.
  const credit = page.getByRole('listitem').filter({ hasText: stamp });
  await credit.getByRole('button', { name: /einer Bestellung zuordnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Zahlungseingang zuordnen' });
  await dialog.getByLabel('Bestellung suchen').fill(order.number);
  await dialog.getByRole('button', { name: 'Bestellungen suchen' }).click();
  await dialog.getByRole('radio').first().check();
  await dialog.getByLabel(/^Begründung/).fill('Überweisung ohne Referenz, Betrag und Name passen');
  await dialog.getByRole('button', { name: 'Zuordnen', exact: true }).click();
  await expect(page.getByText(new RegExp(`auf Bestellung ${order.number} gebucht`))).toBeVisible();

  // The order is paid, and the operator's order file shows the credit and the audit entry.
  const after = (await (await request.get(`${shop}/orders/${token}`, { headers })).json()) as {
    paymentState: string;
    paid: boolean;
  };
  expect(after).toMatchObject({ paymentState: 'paid', paid: true });
  await page.goto(`/admin/orders/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: `Bestellung ${order.number}` })).toBeVisible();
  await expect(page.getByText(`Anleihe Logistik ${stamp}`)).toBeVisible();
});

// The screenshots run in this file, after the journeys: Jonas has one cart at a time, so his
// journeys never run in two workers at once.
// Every order screen (issue 8) in both languages at a phone and a desktop width, for a person to look
// at (SHOTS_DIR, else apps/web/screenshots/, git-ignored, in orders/). The demo investor Jonas Wagner
// subscribes to the wind bond once per language with an income self-disclosure (2,000 EUR a month:
// a § 6 limit of 4,000 EUR), so the token step shows the limit and its reason; 3,000 EUR in total.
const shotsDir = join(process.env.SHOTS_DIR ?? join(import.meta.dirname, '..', 'screenshots'), 'orders');
const widths = [1280, 390] as const;

const texts = {
  de: {
    buyNow: 'Jetzt zeichnen',
    next: 'Weiter',
    income: 'Durchschnittliches monatliches Nettoeinkommen',
    transfer: /Banküberweisung/,
    documents: /Ich habe die Dokumente der Anleihe/,
    tax: 'Ich bin nicht in den USA oder in Kanada steuerpflichtig.',
    risk: /Totalverlust/,
    truthful: 'Meine Angaben sind wahrheitsgemäß und vollständig.',
    ownAccount: /eigenen Namen/,
    complete: /Zahlungspflichtig zeichnen/,
    thanks: 'Vielen Dank für Ihre Zeichnung',
    details: /Details/,
    download: /PDF herunterladen/,
  },
  en: {
    buyNow: 'Buy now',
    next: 'Continue',
    income: 'Average monthly net income',
    transfer: /Bank transfer/,
    documents: /I have received and read the bond/,
    tax: 'I am not a US or Canadian taxpayer.',
    risk: /total loss/,
    truthful: 'My information is truthful and complete.',
    ownAccount: /own name/,
    complete: /Subscribe with obligation to pay/,
    thanks: 'Thank you for your subscription',
    details: /Details/,
    download: /as PDF|Download PDF/,
  },
} as const;

async function shootAll(page: Page, name: string, locale: 'de' | 'en') {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is wider than the viewport at ${width} px`).toBeLessThanOrEqual(0);
    if (width === 1280) await expectAccessible(page, `${name} (${locale})`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shotsDir, `${name}-${locale}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ actionTimeout: 15_000 });

for (const locale of ['de', 'en'] as const) {
  test(`order screens (${locale})`, async ({ page, request }) => {
    test.setTimeout(480_000);
    mkdirSync(shotsDir, { recursive: true });
    const x = texts[locale];
    let tokens: Tokens | null = null;
    for (let attempt = 1; attempt <= 3 && !tokens; attempt++) {
      const res = await request.post(`${shop}/authentication-token`, {
        data: {
          email: 'jonas.wagner@demo.tokenwerk.example',
          password: demoPassword,
          code: await freshTotpCode('JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX'),
        },
      });
      if (res.status() === 200) tokens = (await res.json()) as Tokens;
    }
    if (!tokens) throw new Error('Jonas could not log in');
    const uuid = tokens.customer.split('/').pop() ?? '';
    await useLanguage(page, locale);
    await startBrowserSession(page, {
      ...tokens,
      uuid,
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/products/WIND_NORDSEE_2030');
    await page
      .getByRole('link', { name: x.buyNow })
      .or(page.getByRole('button', { name: x.buyNow }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/order-process\/token$/, { timeout: 30_000 });
    await expect(page.getByTestId('investment-limit')).toBeVisible();
    await shootAll(page, 'token', locale);
    // above 1,000 EUR: the self-disclosure and the limit it gives
    await page
      .getByRole('button', { name: /1[.,]000/ })
      .last()
      .click();
    await expect(page.getByTestId('refusals')).toBeVisible();
    await shootAll(page, 'token-above-limit', locale);
    await page.getByLabel(x.income).fill('2000');
    await expect(page.getByTestId('refusals')).toHaveCount(0);
    await shootAll(page, 'token-with-declaration', locale);
    if (locale === 'en') {
      // the en journey subscribes 1,000 tokens (the de one holds 2,000 of this bond already)
      await page
        .getByRole('button', { name: /1[.,]000/ })
        .first()
        .click();
      await expect(page.getByTestId('order-amount')).toContainText('1,000.00');
    }
    await page.getByRole('button', { name: x.next, exact: true }).click();

    await expect(page).toHaveURL(/\/order-process\/addresses$/);
    await expect(page.locator('main input').first()).toHaveValue(/./);
    await shootAll(page, 'addresses', locale);
    await page.getByRole('button', { name: x.next, exact: true }).click();

    await expect(page).toHaveURL(/\/order-process\/payment-methods$/);
    await expect(page.getByRole('radio', { name: x.transfer })).toBeVisible();
    await shootAll(page, 'payment-methods', locale);
    await page.getByRole('radio', { name: x.transfer }).check();
    await page.getByRole('button', { name: x.next, exact: true }).click();

    await expect(page).toHaveURL(/\/order-process\/confirmation$/);
    await page.getByRole('checkbox', { name: x.documents }).click();
    await expect(page.getByRole('checkbox', { name: x.documents })).toBeChecked();
    await page.getByRole('checkbox', { name: x.tax }).check();
    await page.getByRole('checkbox', { name: x.risk }).check();
    await page.getByRole('checkbox', { name: x.truthful }).check();
    await page.getByRole('checkbox', { name: x.ownAccount }).check();
    await shootAll(page, 'confirmation', locale);
    await page.getByRole('button', { name: x.complete }).click();

    await expect(page).toHaveURL(/\/thank-you-for-offline-payment/);
    await expect(page.getByRole('heading', { level: 1, name: x.thanks })).toBeVisible();
    await expect(page.getByTestId('giro-code')).toBeVisible();
    await expect(page.getByTestId('bank-reference')).toHaveText(/^RF/);
    await shootAll(page, 'thank-you', locale);

    await page.goto('/account/orders');
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    await shootAll(page, 'orders', locale);
    const row = page.getByTestId('order-row').first();
    await row
      .getByRole('link', { name: x.details })
      .or(row.getByRole('button', { name: x.details }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/order-details\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shootAll(page, 'order-details', locale);
    const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    await page.goto(`/invoices?tokenValue=${encodeURIComponent(token)}`);
    const download = page.getByRole('button', { name: x.download }).first();
    await expect(download).toBeVisible();
    await shootAll(page, 'invoices', locale);
  });
}
