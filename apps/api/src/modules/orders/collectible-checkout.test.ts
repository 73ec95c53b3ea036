import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digitalContentConsentVersion } from '@token/domain/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, taxCategories } from '../../db/schema/index.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import { seedCreator, seedProduct } from '../../db/seed/factories.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { loggedInInvestor, orderStatements, type ShopApi, testBond } from '../../test/orders.ts';
import { saveNotificationSettings } from '../collections/notification-settings.service.ts';
import { bookOrderPaid } from './order-lifecycle.service.ts';

/*
 * Buying a collectible is not subscribing to a bond (issue 18): the same order calls, but no
 * securities statements, no WpPG § 6 limit and no bond documents; the 19 % VAT contained in the
 * price; the consumer's consent to immediate delivery (§ 356 Abs. 5 BGB) required, stored and printed
 * on the invoice. The bond's own path is covered by orders.test.ts and must stay as it was.
 */

let t: TestApp;
let standardTaxId: number;
let bondsTaxId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await t.app.db.transaction((tx) => seedChannel(tx));
  const rows = await t.app.db
    .insert(taxCategories)
    .values([
      { code: 'bonds', name: 'Anleihen', rateBasisPoints: 0 },
      { code: 'standard', name: 'Regelsteuersatz 19 %', rateBasisPoints: 1900 },
    ])
    .returning();
  bondsTaxId = rows.find((r) => r.code === 'bonds')!.id;
  standardTaxId = rows.find((r) => r.code === 'standard')!.id;
});
afterAll(async () => {
  await t?.close();
});

let nextCode = 1;
/** A collectible of 10 editions at `priceCents` (VAT included), tax category `standard`. */
async function collectible(priceCents = 45_000, creatorId: number | null = null) {
  const code = `TEST_NFT_${nextCode++}`;
  const { variant } = await seedProduct(t.app.db, {
    code,
    creatorId,
    royalties: 10,
    blockchainName: 'Polygon',
    taxCategoryId: standardTaxId,
    translations: { de: { name: `Kiefernwald ${code}` }, en: { name: `Pine forest ${code}` } },
    variant: { totalSupply: 10, onHand: 10, onHold: 0, price: priceCents },
  });
  return variant!;
}

const variantIri = (code: string) => `/api/v2/shop/product-variants/${code}`;
const consent = { immediateDelivery: true, withdrawalLossAcknowledged: true };

async function cart(api: ShopApi, variantCode: string, quantity: number, locale: 'de' | 'en' = 'de') {
  const created = await api.post('/orders', { locale });
  const token = created.body.tokenValue as string;
  const added = await api.post(`/orders/${token}/items`, {
    productVariant: variantIri(variantCode),
    quantity,
  });
  return { token, added };
}

/** Bank transfer chosen, without confirming any documents (a collectible has none). */
async function payByTransfer(api: ShopApi, token: string) {
  const order = await api.get(`/orders/${token}`);
  const paymentId = (order.body.payments as { id: number }[])[0]!.id;
  const chosen = await api.patch(`/orders/${token}/payments/${paymentId}`, {
    paymentMethod: '/api/v2/shop/payment-methods/offline',
  });
  expect(chosen.status).toBe(200);
  return chosen;
}

async function invoiceText(token: string, accessToken: string): Promise<string> {
  const api = shop(t.app, accessToken);
  const list = await api.get(`/orders/${token}/invoices`);
  const [invoice] = list.body as unknown as { id: number }[];
  const res = await t.app.inject({
    url: `/api/v2/shop/invoice/${invoice!.id}/pdf`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.statusCode).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'collectible-invoice-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, res.rawPayload);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('buying a collectible (issue 18)', () => {
  it('completes without documents or statements, with the consent stored, the VAT contained and printed', async () => {
    const { api, token: accessToken, row: buyer } = await loggedInInvestor(t);
    const variant = await collectible(45_000);
    const { token, added } = await cart(api, variant.code, 1);
    expect(added.status).toBe(201);
    // spec 3/9: the price contains the 19 % VAT (PAngV § 3): 450,00 € with 71,85 € VAT
    expect(added.body).toMatchObject({
      kind: 'collectible',
      itemsTotal: 45_000,
      taxTotal: 7_185,
      total: 45_000,
      items: [
        {
          quantity: 1,
          subtotal: 45_000,
          taxTotal: 7_185,
          total: 45_000,
          taxCategory: { code: 'standard', rateBasisPoints: 1900 },
        },
      ],
    });
    await payByTransfer(api, token);
    const done = await api.patch(`/orders/${token}/complete`, {
      notes: 'Danke',
      digitalContentConsent: consent,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      kind: 'collectible',
      checkoutState: 'completed',
      paymentState: 'awaiting_payment',
      statements: null,
      declarations: null,
      legalDocsConfirmAt: null,
      total: 45_000,
      taxTotal: 7_185,
      digitalContentConsent: { version: digitalContentConsentVersion, locale: 'de' },
    });
    const stored = done.body.digitalContentConsent as { text: string; givenAt: string };
    expect(stored.text).toContain('Widerrufsrecht verliere (§ 356 Abs. 5 BGB)');
    expect(Date.parse(stored.givenAt)).toBeGreaterThan(Date.now() - 60_000);
    // the order's mail speaks of a purchase and confirms the consent (§ 312f Abs. 3 BGB)
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, buyer.email), eq(mailOutbox.template, 'order_completed')));
    expect(mail!.subject).toContain('Ihr Kauf');
    expect(mail!.text).toContain('1 Edition von Kiefernwald');
    expect(mail!.text).toContain('(inkl. 19 % Mwst.)');
    expect(mail!.text).toContain('mein Widerrufsrecht verliere');
    expect(mail!.text).not.toMatch(/Zeichnung|Anleihe/);
    // the order details show it again
    const read = await api.get(`/orders/${token}?locale=de`);
    expect(read.body.digitalContentConsent).toEqual(done.body.digitalContentConsent);
    expect(read.body.kind).toBe('collectible');

    const text = await invoiceText(token, accessToken);
    expect(text).toContain('vielen Dank für Ihren Kauf');
    expect(text).not.toContain('Zeichnung');
    expect(text).toMatch(/Nettobetrag \(19 %\)\s+378,15 €/);
    expect(text).toMatch(/19% Mwst\.\s+71,85 €/);
    expect(text).toMatch(/Rechnungsbetrag\s+450,00 €/);
    expect(text).not.toContain('§ 4 Nr. 8');
    expect(text).toContain('§ 356 Abs. 5 BGB');
    expect(text.replace(/\s+/g, ' ')).toContain('Mir ist bekannt, dass ich durch diese Zustimmung');
  });

  it("tells the creator of a sale once it is paid, in the creator's language, unless 'sale' is off", async () => {
    const creator = await seedCreator(t.app.db, { locale: 'en', firstName: 'Mira', lastName: 'Holm' });
    const quiet = await seedCreator(t.app.db);
    await saveNotificationSettings({
      db: t.app.db,
      customerId: quiet.id,
      settings: { auctionEnd: true, newFollower: true, bid: true, drop: true, sale: false },
    });
    const { api, row: buyer } = await loggedInInvestor(t);
    const saleMails = (to: string) =>
      t.app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'creator_sale')));
    const buyAndPay = async (variantCode: string, quantity: number, creatorEmail: string) => {
      const { token } = await cart(api, variantCode, quantity);
      await payByTransfer(api, token);
      await api.patch(`/orders/${token}/complete`, { digitalContentConsent: consent });
      expect(await saleMails(creatorEmail)).toHaveLength(0); // ordered is not yet sold
      const [order] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
      const booking = { orderId: order!.id, mail: t.app.partners.mail, publicUrl: t.config.publicUrl };
      await t.app.db.transaction((tx) => bookOrderPaid(tx, booking));
      await t.app.db.transaction((tx) => bookOrderPaid(tx, booking)); // a retried booking mails nobody twice
    };

    await buyAndPay((await collectible(12_000, creator.id)).code, 2, creator.email);
    const [mail, ...more] = await saleMails(creator.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Sold: "Kiefernwald TEST_NFT_\d+"$/);
    expect(mail!.text).toContain('Hello Mira Holm,');
    expect(mail!.text).toContain('bought and paid for 2 editions of your work');
    expect(mail!.text).toContain('€240.00');
    expect(mail!.text).toContain(`${t.config.publicUrl}/notifications-settings`);
    // the buyer stays anonymous to the creator
    expect(mail!.text).not.toContain(buyer.email);
    if (buyer.lastName) expect(mail!.text).not.toContain(buyer.lastName);

    await buyAndPay((await collectible(12_000, quiet.id)).code, 1, quiet.email);
    expect(await saleMails(quiet.email)).toHaveLength(0);
  });

  it('in English: the consent in English on the order and the invoice, the VAT as "19% VAT"', async () => {
    const { api, token: accessToken } = await loggedInInvestor(t);
    const variant = await collectible(12_000);
    const { token } = await cart(api, variant.code, 2, 'en');
    await payByTransfer(api, token);
    const done = await api.patch(`/orders/${token}/complete`, { digitalContentConsent: consent });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      total: 24_000,
      taxTotal: 3_832,
      digitalContentConsent: { locale: 'en' },
    });
    expect((done.body.digitalContentConsent as { text: string }).text).toContain(
      'I lose my right of withdrawal',
    );
    const text = await invoiceText(token, accessToken);
    expect(text).toContain('thank you for your purchase');
    expect(text).toMatch(/19% VAT \(Mwst\.\)\s+€38\.32/);
    expect(text).toMatch(/Invoice total\s+€240\.00/);
    expect(text).toContain('section 356 (5) BGB');
  });

  it('has no WpPG § 6 limit: 1,350 € without any self-disclosure, in steps of one edition', async () => {
    const { api } = await loggedInInvestor(t);
    const variant = await collectible(45_000);
    const { token, added } = await cart(api, variant.code, 3);
    expect(added.status).toBe(201);
    await payByTransfer(api, token);
    const done = await api.patch(`/orders/${token}/complete`, { digitalContentConsent: consent });
    expect(done.status).toBe(200);
    expect(done.body.total).toBe(135_000);
    // but not more than there are editions
    const { added: tooMany } = await cart(api, variant.code, 8);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('insufficient_stock');
  });

  it('refuses to complete without the consent, or with only half of it, with a clear code', async () => {
    const { api, token: accessToken } = await loggedInInvestor(t);
    const variant = await collectible();
    const { token } = await cart(api, variant.code, 1);
    await payByTransfer(api, token);
    const missing = await api.patch(`/orders/${token}/complete`, { notes: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'digital_content_consent_required' });
    expect(missing.body.violations).toHaveLength(2);
    const half = await api.patch(`/orders/${token}/complete`, {
      digitalContentConsent: { immediateDelivery: true, withdrawalLossAcknowledged: false },
    });
    expect(half.status).toBe(422);
    expect(half.body).toMatchObject({
      code: 'digital_content_consent_required',
      violations: [{ propertyPath: 'digitalContentConsent.withdrawalLossAcknowledged' }],
    });
    // a bond's statements are no substitute
    const statements = await api.patch(`/orders/${token}/complete`, { statements: orderStatements });
    expect(statements.status).toBe(422);
    expect(statements.body.code).toBe('digital_content_consent_required');
    // in the reader's language
    const en = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/shop/orders/${token}/complete`,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/merge-patch+json',
        'accept-language': 'en',
      },
      payload: '{}',
    });
    expect(en.statusCode).toBe(422);
    expect(en.json().title).toContain('right of withdrawal');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
    expect(row!.checkoutState).toBe('payment_selected');
  });

  it('answers bad input with a 4xx', async () => {
    const { api } = await loggedInInvestor(t);
    const variant = await collectible();
    const { token } = await cart(api, variant.code, 1);
    await payByTransfer(api, token);
    const wrongType = await api.patch(`/orders/${token}/complete`, {
      digitalContentConsent: { immediateDelivery: 'yes', withdrawalLossAcknowledged: true },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.code).toBe('validation_failed');
    const unknown = await api.patch(`/orders/${token}/complete`, {
      digitalContentConsent: { ...consent, extra: true },
    });
    expect(unknown.status).toBe(422);
  });

  it('keeps the bond path: a bond still needs its documents and statements', async () => {
    const { api } = await loggedInInvestor(t);
    const { variant } = await testBond(t, { taxCategoryId: bondsTaxId });
    const { token, added } = await cart(api, variant.code, 500);
    expect(added.body).toMatchObject({ kind: 'security', taxTotal: 0, total: 50_000 });
    await payByTransfer(api, token);
    const noDocuments = await api.patch(`/orders/${token}/complete`, { statements: orderStatements });
    expect(noDocuments.status).toBe(409);
    expect(noDocuments.body.code).toBe('legal_documents_not_confirmed');
    expect((await api.patch(`/orders/${token}/legal-documents-confirm`)).status).toBe(200);
    await payByTransfer(api, token);
    const consentOnly = await api.patch(`/orders/${token}/complete`, { digitalContentConsent: consent });
    expect(consentOnly.status).toBe(422);
    expect(consentOnly.body).toMatchObject({
      code: 'validation_failed',
      violations: [{ propertyPath: 'statements', code: 'required' }],
    });
    const done = await api.patch(`/orders/${token}/complete`, { statements: orderStatements });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      kind: 'security',
      statements: orderStatements,
      digitalContentConsent: null,
    });
  });

  it('refuses to mix a bond and a collectible in one order', async () => {
    const { api } = await loggedInInvestor(t);
    const { variant: bondVariant } = await testBond(t, { taxCategoryId: bondsTaxId });
    const variant = await collectible();
    const { token } = await cart(api, bondVariant.code, 1000);
    const mixed = await api.post(`/orders/${token}/items`, {
      productVariant: variantIri(variant.code),
      quantity: 1,
    });
    expect(mixed.status).toBe(409);
    expect(mixed.body.code).toBe('bond_and_collectible_mixed');
    const { token: other } = await cart(api, variant.code, 1);
    const back = await api.post(`/orders/${other}/items`, {
      productVariant: variantIri(bondVariant.code),
      quantity: 1000,
    });
    expect(back.body.code).toBe('bond_and_collectible_mixed');
  });

  it('keeps the buy blockers (spec 6: buying requires KYC)', async () => {
    const { api } = await loggedInInvestor(t, {}, false);
    const variant = await collectible();
    const { added } = await cart(api, variant.code, 1);
    expect(added.status).toBe(403);
    expect(added.body.code).toBe('buy_not_allowed');
  });

  it('answers visitors 401 and another customer 404', async () => {
    const { api } = await loggedInInvestor(t);
    const variant = await collectible();
    const { token } = await cart(api, variant.code, 1);
    await payByTransfer(api, token);
    const visitor = await shop(t.app).patch(`/orders/${token}/complete`, { digitalContentConsent: consent });
    expect(visitor.status).toBe(401);
    const { api: other } = await loggedInInvestor(t);
    const foreign = await other.patch(`/orders/${token}/complete`, { digitalContentConsent: consent });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('order_not_found');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
    expect(row!.checkoutState).toBe('payment_selected');
  });
});
