import { createHash } from 'node:crypto';
import { addDays, platformDayOf, platformToday } from '@token/domain/calendar';
import { formatDate } from '@token/domain/format';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogRevision,
  complianceAuditLog,
  invoices,
  legalDocuments,
  mailOutbox,
  mediaFiles,
  offerSubscriptions,
  orders,
  paymentMethods,
  productPaymentConfigurations,
  productVariants,
} from '../../db/schema/index.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import {
  minimalPdf,
  type seedBuyer,
  seedCustomer,
  seedDiscountCode,
  seedInvestor,
  seedOrder,
  seedWallet,
} from '../../db/seed/factories.ts';
import { runnableJobs } from '../../jobs/definitions.ts';
import { mailDeliverJob } from '../../jobs/mail-deliver.job.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import {
  loggedInInvestor,
  noDeclarations,
  orderStatements,
  type ShopApi,
  testBond,
} from '../../test/orders.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';
import { completeOrder } from './checkout.service.ts';
import { cancelPlacedOrder, expireUnpaidOrders } from './order-lifecycle.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await t.app.db.transaction((tx) => seedChannel(tx));
});
afterAll(async () => {
  await t?.close();
});

const statements = orderStatements;

type Api = ShopApi;

const investor = (overrides: Partial<Parameters<typeof seedBuyer>[1]> = {}, mayBuy = true) =>
  loggedInInvestor(t, overrides, mayBuy);
const bond = (opts: Parameters<typeof testBond>[1] = {}) => testBond(t, opts);

const variantIri = (code: string) => `/api/v2/shop/product-variants/${code}`;

/** A cart with `quantity` tokens of the variant; answers the order view. */
async function cart(api: Api, variantCode: string, quantity: number) {
  const created = await api.post('/orders', { locale: 'de' });
  expect(created.status).toBe(201);
  const token = created.body.tokenValue as string;
  const added = await api.post(`/orders/${token}/items`, {
    productVariant: variantIri(variantCode),
    quantity,
  });
  return { token, added };
}

/** Legal documents confirmed and bank transfer chosen: ready to complete. */
async function ready(api: Api, token: string, method = 'offline') {
  expect((await api.patch(`/orders/${token}/legal-documents-confirm`)).status).toBe(200);
  const order = await api.get(`/orders/${token}`);
  const paymentId = (order.body.payments as { id: number }[])[0]!.id;
  const chosen = await api.patch(`/orders/${token}/payments/${paymentId}`, {
    paymentMethod: `/api/v2/shop/payment-methods/${method}`,
  });
  return { paymentId, chosen };
}

const complete = (api: Api, token: string, declarations: object = noDeclarations) =>
  api.patch(`/orders/${token}/complete`, { notes: 'Danke', statements, declarations });

async function heldOf(variantId: number) {
  const [v] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return v!.onHold;
}

describe('the order flow (spec 4, spec 7)', () => {
  it('cart -> item -> legal documents -> bank transfer -> completed, awaiting payment, with an invoice number', async () => {
    const { row, api } = await investor();
    const { variant } = await bond();
    const { token, added } = await cart(api, variant.code, 500);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      tokenValue: token,
      checkoutState: 'cart',
      itemsTotal: 50_000,
      total: 50_000,
      items: [{ quantity: 500, unitPrice: 100, subtotal: 50_000, variant: variantIri(variant.code) }],
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { paymentId, chosen } = await ready(api, token);
    expect(chosen.status).toBe(200);
    expect(chosen.body.checkoutState).toBe('payment_selected');
    const configuration = await api.get(`/orders/${token}/payments/${paymentId}/configuration`);
    expect(configuration.status).toBe(200);
    expect(configuration.body).toMatchObject({ gateway: 'offline', amount: 50_000, currencyCode: 'EUR' });
    expect(configuration.body.paymentReference).toMatch(/^RF\d{2}TW\d{9}$/);
    expect((configuration.body.bankAccount as { iban: string }).iban).toMatch(/^DE/);

    const done = await complete(api, token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      checkoutState: 'completed',
      paymentState: 'awaiting_payment',
      shippingState: 'ready',
      listStatus: 'awaiting_payment',
      paid: false,
      notes: 'Danke',
      statements,
      declarations: noDeclarations,
    });
    expect(done.body.number).toMatch(/^\d{9}$/);
    expect(done.body.paymentDueAt).toBeTruthy();
    expect(await heldOf(variant.id)).toBe(500);

    const invoiceList = await api.get(`/orders/${token}/invoices`);
    expect(invoiceList.status).toBe(200);
    const [invoice] = invoiceList.body as unknown as { number: string; order: string }[];
    // numbered in the year of Berlin's day (23:30 UTC on 31 December is already the next year there)
    expect(invoice!.number).toMatch(new RegExp(`^${platformToday().slice(0, 4)}-\\d{6}$`));
    expect(invoice!.order).toBe(`/api/v2/shop/orders/${token}`);

    const list = await api.get('/orders?itemsPerPage=50');
    expect((list.body as unknown as { tokenValue: string }[]).map((o) => o.tokenValue)).toEqual([token]);
    const ld = await api.get('/orders', { accept: 'application/ld+json' });
    expect(ld.body['hydra:totalItems']).toBe(1);

    // The confirmation mail carries the account and the reference (outbox, written with the order).
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, row.email), eq(mailOutbox.template, 'order_completed')));
    expect(mail!.text).toContain(configuration.body.paymentReference as string);
    expect(mail!.text).toContain('IBAN');
    // the due date as spec 9 writes dates (and the invoice shows it): the Berlin day, dd.mm.yyyy
    const [placed] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
    expect(mail!.text).toContain(`bis zum ${formatDate(placed!.paymentDueAt!, { locale: 'de' })} auf`);
    expect(formatDate(placed!.paymentDueAt!, { locale: 'de' })).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    // due at the end of the Berlin day 14 days on (decision 013), whatever the hour of the order
    expect(platformDayOf(placed!.paymentDueAt!)).toBe(addDays(platformToday(), 14));
    expect(platformDayOf(new Date(placed!.paymentDueAt!.getTime() + 1))).toBe(addDays(platformToday(), 15));

    // A placed order can no longer be changed or deleted.
    expect(
      (await api.post(`/orders/${token}/items`, { productVariant: variant.code, quantity: 1 })).body.code,
    ).toBe('order_not_editable');
    expect((await api.delete(`/orders/${token}`)).body.code).toBe('order_not_cancellable');
    expect((await complete(api, token)).body.code).toBe('order_not_editable');
  });

  it('POST orders deletes a non-empty cart and recreates it; an empty cart is handed out again', async () => {
    const { api } = await investor();
    const { variant } = await bond();
    const { token } = await cart(api, variant.code, 10);
    const second = await api.post('/orders', {});
    expect(second.body.tokenValue).not.toBe(token);
    expect(second.body.itemsTotal).toBe(0);
    expect((await api.get(`/orders/${token}`)).status).toBe(404);
    const third = await api.post('/orders', {});
    expect(third.body.tokenValue).toBe(second.body.tokenValue);
  });

  it('changes and removes items, and deletes the cart', async () => {
    const { api } = await investor();
    const { variant } = await bond();
    const { token, added } = await cart(api, variant.code, 10);
    const itemId = (added.body.items as { id: number }[])[0]!.id;
    const changed = await api.patch(`/orders/${token}/items/${itemId}`, {
      tokenValue: token,
      quantity: 20,
      orderItemId: itemId,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.itemsTotal).toBe(2_000);
    // The same variant again adds to its line.
    const more = await api.post(`/orders/${token}/items`, { productVariant: variant.code, quantity: 5 });
    expect(more.body.items).toHaveLength(1);
    expect(more.body.itemsTotal).toBe(2_500);
    // One bond per order.
    const other = await bond();
    expect(
      (await api.post(`/orders/${token}/items`, { productVariant: other.variant.code, quantity: 1 })).body
        .code,
    ).toBe('one_product_per_order');
    expect((await api.patch(`/orders/${token}/items/999999`, { quantity: 1 })).status).toBe(404);
    expect((await api.delete(`/orders/${token}/items/${itemId}`)).status).toBe(204);
    expect((await api.get(`/orders/${token}`)).body.itemsTotal).toBe(0);
    expect((await api.delete(`/orders/${token}`)).status).toBe(204);
    expect((await api.get(`/orders/${token}`)).status).toBe(404);
  });

  it('refuses to complete without legal documents or payment method', async () => {
    const { api } = await investor();
    const { variant } = await bond();
    const { token } = await cart(api, variant.code, 10);
    expect((await complete(api, token)).body.code).toBe('legal_documents_not_confirmed');
    await api.patch(`/orders/${token}/legal-documents-confirm`);
    expect((await complete(api, token)).body.code).toBe('payment_method_not_selected');
    const empty = await api.post('/orders', {});
    expect((await api.patch(`/orders/${empty.body.tokenValue}/legal-documents-confirm`)).body.code).toBe(
      'order_empty',
    );
  });

  it('mails the legal documents as PDF attachments in the order language, and confirms their versions', async () => {
    const { row, api } = await investor();
    const { product, variant } = await bond();
    const bytes = minimalPdf;
    const storageKey = `private/legal/${product.code}.pdf`;
    await t.partners.storage.put(storageKey, bytes, 'application/pdf');
    const [file] = await t.app.db
      .insert(mediaFiles)
      .values({
        fileName: `${product.code}.pdf`,
        originalName: 'wib.pdf',
        mimeType: 'application/pdf',
        mediaType: 'document',
        bucket: 'private',
        storageKey,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })
      .returning();
    const [doc] = await t.app.db
      .insert(legalDocuments)
      .values({
        productId: product.id,
        type: 'information_sheet',
        title: 'Wertpapier-Informationsblatt',
        mediaFileId: file!.id,
      })
      .returning();
    const { token } = await cart(api, variant.code, 10);
    const confirmed = await api.patch(`/orders/${token}/legal-documents-confirm`);
    expect(confirmed.body.legalDocsConfirmed).toEqual([{ id: doc!.uuid, version: file!.sha256 }]);
    expect(confirmed.body.legalDocsConfirmAt).toBeTruthy();

    const sent = await api.patch(`/orders/${token}/legal-documents-send`);
    expect(sent.status).toBe(200);
    expect(sent.body.legalDocsSentAt).toBeTruthy();
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, row.email), eq(mailOutbox.template, 'order_legal_documents')));
    expect(mail!.subject).toContain('Unterlagen');
    expect(mail!.attachments).toEqual([
      { filename: 'Wertpapier-Informationsblatt.pdf', contentType: 'application/pdf', storageKey },
    ]);

    // The delivery job hands the PDF bytes to the transport (read from storage at delivery time).
    const delivered: { filename: string; content: Buffer }[][] = [];
    await t.app.db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.id, mail!.id));
    const deliver = runnableJobs.find((j) => j.name === mailDeliverJob.name)!;
    await deliver.handler(
      {
        db: t.app.db,
        config: t.config,
        log: t.app.log,
        partners: {
          ...t.partners,
          mail: {
            ...t.partners.mail,
            send: async (m) => {
              delivered.push(m.attachments ?? []);
            },
          },
        },
        job: { id: 'test', name: mailDeliverJob.name, attempt: 1, maxAttempts: 3 },
      },
      { mailId: mail!.id },
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]![0]!.filename).toBe('Wertpapier-Informationsblatt.pdf');
    expect(delivered[0]![0]!.content.equals(bytes)).toBe(true);
  });
});

describe('discount codes (spec 5)', () => {
  it('applies a valid code to the total, refuses unknown, expired and foreign codes, and removes it', async () => {
    const { api } = await investor();
    const { product, variant } = await bond();
    const other = await bond();
    await seedDiscountCode(t.app.db, { code: 'TEST10', percentBasisPoints: 1_000 });
    await seedDiscountCode(t.app.db, { code: 'ALT', validUntil: new Date('2020-01-01T00:00:00Z') });
    await seedDiscountCode(t.app.db, { code: 'FOREIGN', productId: other.product.id });
    await seedDiscountCode(t.app.db, {
      code: 'MINE25',
      percentBasisPoints: null,
      amountCents: 2_500,
      productId: product.id,
    });
    const { token } = await cart(api, variant.code, 500);
    const applied = await api.patch(`/orders/${token}/coupon`, { couponCode: 'test10' });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      discountCode: 'TEST10',
      itemsTotal: 50_000,
      discountTotal: 5_000,
      total: 45_000,
    });
    for (const code of ['NOPE', 'ALT', 'FOREIGN']) {
      const refused = await api.patch(`/orders/${token}/coupon`, { couponCode: code });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('discount_code_invalid');
      expect(refused.body.title).toBe('Dieser Rabattcode ist ungültig.');
    }
    const fixed = await api.patch(`/orders/${token}/coupon`, { couponCode: 'MINE25' });
    expect(fixed.body).toMatchObject({ discountTotal: 2_500, total: 47_500 });
    // A changed quantity keeps the code; the payment follows the discounted total.
    const item = (fixed.body.items as { id: number }[])[0]!;
    expect((await api.patch(`/orders/${token}/items/${item.id}`, { quantity: 1_000 })).body).toMatchObject({
      discountCode: 'MINE25',
      total: 97_500,
    });
    const { paymentId } = await ready(api, token);
    const configuration = await api.get(`/orders/${token}/payments/${paymentId}/configuration`);
    expect(configuration.body.amount).toBe(97_500);
    const removed = await api.patch(`/orders/${token}/coupon`, { couponCode: null });
    expect(removed.body).toMatchObject({ discountCode: null, discountTotal: 0, total: 100_000 });
  });
});

describe('bad inputs (spec 5 investment rules, WpPG § 6)', () => {
  it('unknown variant, bad quantity', async () => {
    const { api } = await investor();
    const created = await api.post('/orders', {});
    const token = created.body.tokenValue as string;
    const unknown = await api.post(`/orders/${token}/items`, {
      productVariant: variantIri('NOPE'),
      quantity: 1,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('variant_not_found');
    for (const quantity of [0, -5, 1.5, 'zehn']) {
      const bad = await api.post(`/orders/${token}/items`, { productVariant: 'NOPE', quantity });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
    }
  });

  it.each([
    ['quantity not a step', { quantityStep: 1000 }, 1500, 422, 'quantity_step'],
    [
      'below the minimum subscription',
      { minimumSubscriptionCents: 50_000 },
      400,
      422,
      'minimum_subscription',
    ],
    ['above the maximum order', { maximumOrderCentsNonProfessional: 30_000 }, 400, 422, 'maximum_order'],
    ['above 25,000 EUR in the cart', {}, 25_001, 422, 'investment_limit_exceeded'],
    ['professional-only bond', { professionalOnly: true }, 10, 403, 'professional_only'],
    ['more than available', { variant: { totalSupply: 100 } }, 101, 409, 'insufficient_stock'],
  ] as const)('%s', async (_label, product, quantity, status, code) => {
    const { api } = await investor();
    const { variant } = await bond(product as Parameters<typeof bond>[0]);
    const { added } = await cart(api, variant.code, quantity);
    expect(added.status).toBe(status);
    expect(added.body.code).toBe(code);
  });

  it('§ 6: above 1,000 EUR needs a declaration at completion; income declared raises the limit', async () => {
    const { api } = await investor();
    const { variant } = await bond();
    const { token } = await cart(api, variant.code, 1_500);
    await ready(api, token);
    const refused = await complete(api, token);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('investment_limit_exceeded');
    expect(await heldOf(variant.id)).toBe(0);
    const withIncome = await complete(api, token, {
      freeAssetsAtLeast100k: false,
      averageMonthlyNetIncomeCents: 100_000,
    });
    expect(withIncome.status).toBe(200);
    expect(withIncome.body.declarations).toEqual({
      freeAssetsAtLeast100k: false,
      averageMonthlyNetIncomeCents: 100_000,
    });

    // The total counts across the investor's orders of the bond: 1,500 + 1,000 > 2,000.
    const { token: second } = await cart(api, variant.code, 1_000);
    await ready(api, second);
    const over = await complete(api, second, {
      freeAssetsAtLeast100k: false,
      averageMonthlyNetIncomeCents: 100_000,
    });
    expect(over.body.code).toBe('investment_limit_exceeded');
    const assets = await complete(api, second, {
      freeAssetsAtLeast100k: true,
      averageMonthlyNetIncomeCents: null,
    });
    expect(assets.status).toBe(200);
  });

  it('a corporation (GmbH) may exceed 25,000 EUR; a KG may not', async () => {
    const { variant } = await bond();
    const gmbh = await investor({
      accountType: 'company',
      companyType: 'limited_liability_company',
      companyName: 'Muster GmbH',
    });
    const { token } = await cart(gmbh.api, variant.code, 30_000);
    await ready(gmbh.api, token);
    expect((await complete(gmbh.api, token)).status).toBe(200);
    const kg = await investor({
      accountType: 'company',
      companyType: 'limited_partnership',
      companyName: 'Muster KG',
    });
    const { added } = await cart(kg.api, variant.code, 30_000);
    expect(added.body.code).toBe('investment_limit_exceeded');
  });

  it('a professional may buy a professional-only bond above the non-professional maximum', async () => {
    const { api } = await investor({ roles: ['professional_investor'] });
    const { variant } = await bond({ professionalOnly: true, maximumOrderCentsNonProfessional: 10_000 });
    const { token, added } = await cart(api, variant.code, 50_000);
    expect(added.status).toBe(201);
    await ready(api, token);
    expect((await complete(api, token)).status).toBe(200);
  });

  it('missing statements are 422 with violations', async () => {
    const { api } = await investor();
    const { variant } = await bond();
    const { token } = await cart(api, variant.code, 10);
    await ready(api, token);
    const res = await api.patch(`/orders/${token}/complete`, {
      statements: {
        ...statements,
        notUsOrCanadaTaxpayer: false,
        totalLossRisk: false,
        actingOnOwnAccount: false,
      },
    });
    expect(res.status).toBe(422);
    const codes = (res.body.violations as { propertyPath: string; code: string }[]).map((v) => v.code).sort();
    expect(codes).toEqual([
      'risk_statement_required',
      'tax_statement_required',
      'truthful_statements_required',
    ]);
    expect((await api.patch(`/orders/${token}/complete`, {})).status).toBe(422);
  });

  it.each([
    ['not approved', { status: 'requested' }, true],
    ['no wallet', {}, false],
  ] as const)('an investor who is %s may not buy', async (_label, overrides, wallet) => {
    const row = await seedInvestor(t.app.db, {
      appSecret: t.config.appSecret,
      kyc: 'approved',
      wallet,
      status: 'approved',
      cryptoRegistrarStatus: 'approved',
      ...overrides,
    });
    const { token: access } = await loginAs(t.app, { email: row.email, password: testPassword });
    const api = shop(t.app, access);
    const { variant } = await bond();
    const { added } = await cart(api, variant.code, 10);
    expect(added.status).toBe(403);
    expect(added.body.code).toBe('buy_not_allowed');
  });

  it('respects the product payment configurations and their maximum amount', async () => {
    const { api } = await investor();
    const { product, variant } = await bond();
    const [card] = await t.app.db.select().from(paymentMethods).where(eq(paymentMethods.code, 'card'));
    await t.app.db
      .insert(productPaymentConfigurations)
      .values({ productId: product.id, paymentMethodId: card!.id, maximumAmountCents: 10_000 });
    const { token } = await cart(api, variant.code, 200);
    await api.patch(`/orders/${token}/legal-documents-confirm`);
    const paymentId = ((await api.get(`/orders/${token}`)).body.payments as { id: number }[])[0]!.id;
    // Above the card maximum; offline is not configured for this product.
    expect(
      (await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'card' })).body.code,
    ).toBe('payment_method_unavailable');
    expect(
      (await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'offline' })).body.code,
    ).toBe('payment_method_unavailable');
    expect(
      (await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'bitcoin' })).body.code,
    ).toBe('payment_method_unavailable');
    const item = ((await api.get(`/orders/${token}`)).body.items as { id: number }[])[0]!;
    await api.patch(`/orders/${token}/items/${item.id}`, { quantity: 100 });
    const ok = await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'card' });
    expect(ok.status).toBe(200);
    const configuration = await api.get(`/orders/${token}/payments/${paymentId}/configuration`);
    expect(configuration.body).toMatchObject({ gateway: 'card', amount: 10_000 });
  });
});

describe('GET orders', () => {
  it("lists the customer's placed orders newest first, each with its own item and payment", async () => {
    const { api } = await investor();
    const { variant } = await bond();
    const placed: string[] = [];
    for (const quantity of [100, 200, 300]) {
      const { token } = await cart(api, variant.code, quantity);
      await ready(api, token);
      expect((await complete(api, token)).status).toBe(200);
      placed.push(token);
    }
    await cart(api, variant.code, 50); // a cart is not listed
    const list = (await api.get('/orders')).body as unknown as {
      tokenValue: string;
      items: { quantity: number }[];
      payments: { amount: number; methodCode: string | null }[];
    }[];
    expect(list.map((o) => o.tokenValue)).toEqual([...placed].reverse());
    expect(list.map((o) => o.items.map((i) => i.quantity))).toEqual([[300], [200], [100]]);
    expect(list.map((o) => o.payments.map((p) => [p.amount, p.methodCode]))).toEqual([
      [[30_000, 'offline']],
      [[20_000, 'offline']],
      [[10_000, 'offline']],
    ]);
  });
});

describe('ownership: another customer’s order token answers 404 on every call', () => {
  it('every order call', async () => {
    const a = await investor();
    const b = await investor();
    const { variant } = await bond();
    const { token, added } = await cart(a.api, variant.code, 10);
    const itemId = (added.body.items as { id: number }[])[0]!.id;
    const paymentId = (added.body.payments as { id: number }[])[0]!.id;
    const calls = [
      () => b.api.get(`/orders/${token}`),
      () => b.api.delete(`/orders/${token}`),
      () => b.api.post(`/orders/${token}/items`, { productVariant: variant.code, quantity: 1 }),
      () => b.api.patch(`/orders/${token}/items/${itemId}`, { quantity: 2 }),
      () => b.api.delete(`/orders/${token}/items/${itemId}`),
      () => b.api.patch(`/orders/${token}/legal-documents-confirm`),
      () => b.api.patch(`/orders/${token}/legal-documents-send`),
      () => b.api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'offline' }),
      () => b.api.get(`/orders/${token}/payments/${paymentId}/configuration`),
      () => b.api.patch(`/orders/${token}/complete`, { statements }),
      () => b.api.patch(`/orders/${token}/cancel`),
      () => b.api.get(`/orders/${token}/invoices`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('order_not_found');
    }
    expect(((await b.api.get('/orders')).body as unknown as unknown[]).length).toBe(0);
    // A's order is untouched.
    expect((await a.api.get(`/orders/${token}`)).body.itemsTotal).toBe(1_000);
    // A visitor is asked to log in.
    expect((await shop(t.app).get(`/orders/${token}`)).status).toBe(401);
  });
});

describe("the bond's serial section (migration 0010 place_order_hold)", () => {
  type Hold = { refusal: string | null; invoice_number: string | null };
  async function hold(args: {
    productId: number;
    variantId: number;
    customerId: number;
    orderId: number;
    quantity: number;
    amountCents: number;
    limitCents: number | null;
    investorLimit: number | null;
    issuedAt?: Date;
  }): Promise<Hold> {
    const issuedAt = (args.issuedAt ?? new Date()).toISOString();
    const { rows } = await t.app.db.execute<Hold>(sql`
      select refusal, invoice_number from place_order_hold(${args.productId}::int, ${args.variantId}::int,
        ${args.customerId}::int, ${args.orderId}::int, ${args.quantity}::int, ${args.amountCents}::bigint,
        ${args.amountCents}::bigint, ${args.limitCents}::bigint, ${args.investorLimit}::int,
        ${issuedAt}::timestamptz)`);
    return rows[0]!;
  }
  const invoicesOf = async (orderId: number) =>
    (await t.app.db.select().from(invoices).where(eq(invoices.orderId, orderId))).length;

  it('compares the fresh total, investor count and stock with the bounds given, and writes nothing when it refuses', async () => {
    const { product, variant } = await bond({
      investorLimit: 1,
      variant: { totalSupply: 1_000, onHand: 1_000 },
    });
    const holder = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    await seedOrder(t.app.db, {
      customerId: holder.id,
      variant,
      quantity: 500,
      unitPrice: 100,
      state: 'completed',
    });
    const newcomer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const held = await heldOf(variant.id);
    const { order: holderCart } = await seedOrder(t.app.db, {
      customerId: holder.id,
      variant,
      quantity: 100,
    });
    const { order: newcomerCart } = await seedOrder(t.app.db, {
      customerId: newcomer.id,
      variant,
      quantity: 100,
    });
    const base = { productId: product.id, variantId: variant.id, quantity: 100, amountCents: 10_000 };

    // A second investor while one is the limit; the holder keeps their seat.
    expect(
      await hold({
        ...base,
        customerId: newcomer.id,
        orderId: newcomerCart.id,
        limitCents: null,
        investorLimit: 1,
      }),
    ).toEqual({ refusal: 'investor_limit_reached', invoice_number: null });
    // § 6: the holder's 50,000 cents already held plus 10,000 above a 55,000-cent limit.
    expect(
      await hold({
        ...base,
        customerId: holder.id,
        orderId: holderCart.id,
        limitCents: 55_000,
        investorLimit: 1,
      }),
    ).toEqual({ refusal: 'investment_limit_exceeded', invoice_number: null });
    // Stock: 500 of 1,000 held; 600 more are not there.
    expect(
      await hold({
        ...base,
        quantity: 600,
        customerId: holder.id,
        orderId: holderCart.id,
        limitCents: null,
        investorLimit: 1,
      }),
    ).toEqual({ refusal: 'insufficient_stock', invoice_number: null });
    expect(await heldOf(variant.id)).toBe(held);
    expect(await invoicesOf(holderCart.id)).toBe(0);
    expect(await invoicesOf(newcomerCart.id)).toBe(0);

    // Within every bound: tokens on hold, the holding grows, an invoice number.
    const placed = await hold({
      ...base,
      customerId: holder.id,
      orderId: holderCart.id,
      limitCents: 60_000,
      investorLimit: 1,
    });
    expect(placed.refusal).toBeNull();
    expect(placed.invoice_number).toMatch(/^\d{4}-\d{6}$/);
    expect(await heldOf(variant.id)).toBe(held + 100);
    expect(await invoicesOf(holderCart.id)).toBe(1);
    const [seat] = await t.app.db
      .select()
      .from(offerSubscriptions)
      .where(and(eq(offerSubscriptions.productId, product.id), eq(offerSubscriptions.customerId, holder.id)));
    expect(seat).toMatchObject({ totalCents: 60_000, quantity: 600, orders: 2 });
  });

  it('numbers the invoice in the year of its Berlin calendar day (31 December, 23:30 UTC is 1 January)', async () => {
    const { product, variant } = await bond();
    const bounds = { productId: product.id, variantId: variant.id, quantity: 1, amountCents: 100 };
    const unbounded = { limitCents: null, investorLimit: null };
    const placeAt = async (issuedAt: string) => {
      const buyer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
      const { order } = await seedOrder(t.app.db, { customerId: buyer.id, variant, quantity: 1 });
      const answer = await hold({
        ...bounds,
        ...unbounded,
        customerId: buyer.id,
        orderId: order.id,
        issuedAt: new Date(issuedAt),
      });
      return answer.invoice_number;
    };
    // 22:30 UTC is 23:30 in Berlin: still the old year's series.
    expect(await placeAt('2040-12-31T22:30:00Z')).toMatch(/^2040-\d{6}$/);
    // 23:30 UTC is 00:30 on 1 January in Berlin: the first number of the new year.
    expect(await placeAt('2040-12-31T23:30:00Z')).toBe('2041-000001');
  });
});

describe('release on cancellation and expiry', () => {
  it('the investor cancels an unpaid order: stock and seat are released', async () => {
    const { row, api } = await investor();
    const { product, variant } = await bond({ investorLimit: 149 });
    const { token } = await cart(api, variant.code, 300);
    await ready(api, token);
    await complete(api, token);
    expect(await heldOf(variant.id)).toBe(300);
    const cancelled = await api.patch(`/orders/${token}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ paymentState: 'cancelled', listStatus: 'cancelled' });
    expect(await heldOf(variant.id)).toBe(0);
    const seats = await t.app.db
      .select({ n: count() })
      .from(offerSubscriptions)
      .where(and(eq(offerSubscriptions.productId, product.id), eq(offerSubscriptions.customerId, row.id)));
    expect(seats[0]!.n).toBe(0);
    expect((await api.patch(`/orders/${token}/cancel`)).body.code).toBe('order_not_cancellable');
  });

  it('the expiry job cancels unpaid bank-transfer orders past their due date and tells the investor', async () => {
    const { row, api } = await investor({ locale: 'en' });
    const { variant } = await bond();
    const { token } = await cart(api, variant.code, 100);
    await ready(api, token);
    await complete(api, token);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
    // Not yet due: nothing happens.
    expect(await expireUnpaidOrders({ db: t.app.db, mail: t.partners.mail, publicUrl: 'http://x' })).toBe(0);
    const later = new Date(order!.paymentDueAt!.getTime() + 1000);
    expect(
      await expireUnpaidOrders({ db: t.app.db, mail: t.partners.mail, publicUrl: 'http://x', now: later }),
    ).toBeGreaterThanOrEqual(1); // every unpaid order of this file placed earlier is due by then too
    expect(await heldOf(variant.id)).toBe(0);
    expect((await api.get(`/orders/${token}`)).body.paymentState).toBe('cancelled');
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, row.email), eq(mailOutbox.template, 'order_expired')));
    expect(mail).toBeTruthy();
    // Idempotent.
    expect(
      await expireUnpaidOrders({ db: t.app.db, mail: t.partners.mail, publicUrl: 'http://x', now: later }),
    ).toBe(0);
  });

  it('a paid order is not cancelled', async () => {
    const buyer = await seedCustomer(t.app.db);
    const { variant } = await bond();
    const { order } = await seedOrder(t.app.db, {
      customerId: buyer.id,
      variant,
      state: 'completed',
      paymentState: 'paid',
    });
    expect(
      await cancelPlacedOrder({
        db: t.app.db,
        orderId: order.id,
        reason: 'operator',
        mail: t.partners.mail,
        publicUrl: 'http://x',
      }),
    ).toBe(false);
  });
});

describe('operators: /api/v2/admin/orders', () => {
  it('finds placed orders and cancels one with a reason in the audit log; customers are refused', async () => {
    const { row, api } = await investor();
    const { variant } = await bond();
    const { token } = await cart(api, variant.code, 250);
    await ready(api, token);
    const placed = await complete(api, token);
    const { operator, token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const ops = admin(t.app, operatorToken);
    const found = await ops.get(`/orders?search=${encodeURIComponent(row.email.toUpperCase())}`);
    expect(found.status).toBe(200);
    expect((found.body as unknown as { tokenValue: string }[]).map((o) => o.tokenValue)).toEqual([token]);
    const byNumber = await ops.get(`/orders?search=${placed.body.number}&paymentState=awaiting_payment`);
    expect((byNumber.body as unknown as unknown[]).length).toBe(1);

    expect((await ops.post(`/orders/${token}/cancel`, {})).status).toBe(422);
    const cancelled = await ops.post(`/orders/${token}/cancel`, { reason: 'Zahlung nicht eingegangen' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.paymentState).toBe('cancelled');
    expect(await heldOf(variant.id)).toBe(0);
    const [entry] = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(eq(complianceAuditLog.customerId, row.id), eq(complianceAuditLog.action, 'order_cancelled')),
      );
    expect(entry).toMatchObject({ actorId: operator.id, reason: 'Zahlung nicht eingegangen' });
    expect((await ops.post(`/orders/${token}/cancel`, { reason: 'noch einmal' })).body.code).toBe(
      'order_not_cancellable',
    );
    expect((await ops.post('/orders/unknown-token/cancel', { reason: 'gibt es nicht' })).status).toBe(404);

    // A customer's token does not open the operator calls.
    const { token: customerToken } = await loginAs(t.app, { email: row.email, password: testPassword });
    expect((await admin(t.app, customerToken).get('/orders')).status).toBe(403);
  });
});

describe('the catalogue read cache and orders (decision 003/011)', () => {
  it('an order moving stock on hold does not bump the catalogue revision, yet the product shows fresh figures', async () => {
    const { api } = await investor();
    const { product, variant } = await bond();
    const url = `/api/v2/shop/products/${product.code}`;
    const before = await t.app.inject({ url, headers: { accept: 'application/json' } });
    expect(before.json().defaultVariant.availableQuantity).toBe(1_000_000);
    const [rev] = await t.app.db.select().from(catalogRevision);
    const { token } = await cart(api, variant.code, 700);
    await ready(api, token);
    expect((await complete(api, token)).status).toBe(200);
    const [after] = await t.app.db.select().from(catalogRevision);
    expect(after!.revision).toBe(rev!.revision);
    expect(after!.stockRevision).toBeGreaterThan(rev!.stockRevision);
    const fresh = await t.app.inject({ url, headers: { accept: 'application/json' } });
    expect(fresh.json().defaultVariant).toMatchObject({ availableQuantity: 999_300, onHold: 700 });
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    const list = await t.app.inject({
      url: '/api/v2/shop/products?itemsPerPage=100',
      headers: { accept: 'application/json' },
    });
    const mine = (list.json() as { code: string; defaultVariant: { availableQuantity: number } }[]).find(
      (p) => p.code === product.code,
    );
    expect(mine?.defaultVariant.availableQuantity).toBe(999_300);
  });
});

// PGlite runs one query at a time, so a race there cannot fail: these run on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'postgres')('never oversold (PostgreSQL races)', () => {
  /** A buyer made directly in the database (no password: the service is called as the route would). */
  async function rawBuyer() {
    const customer = await seedCustomer(t.app.db, {
      status: 'approved',
      cryptoRegistrarStatus: 'approved',
      kycPassed: true,
    });
    await seedWallet(t.app.db, { customerId: customer.id });
    return customer;
  }

  /** A cart ready to complete: legal documents confirmed, bank transfer chosen. */
  async function readyCart(
    customerId: number,
    variant: typeof productVariants.$inferSelect,
    quantity: number,
  ) {
    const { order } = await seedOrder(t.app.db, { customerId, variant, quantity, state: 'ready' });
    return order.tokenValue;
  }

  const completeAs = (customerId: number, tokenValue: string) =>
    completeOrder({
      db: t.app.db,
      customerId,
      tokenValue,
      input: { notes: null, statements, declarations: noDeclarations },
      paymentDays: 14,
      mail: t.partners.mail,
      publicUrl: 'http://x',
    }).then(
      () => 'ok',
      (err: { code?: string }) => err.code ?? 'error',
    );

  it('300 investors completing at once on a bond limited to 149 investors end with exactly 149', async () => {
    const { product, variant } = await bond({ investorLimit: 149 });
    const buyers = await Promise.all(Array.from({ length: 300 }, () => rawBuyer()));
    const tokens = await Promise.all(buyers.map((b) => readyCart(b.id, variant, 10)));
    const answers = await Promise.all(buyers.map((b, i) => completeAs(b.id, tokens[i]!)));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(149);
    expect(answers.filter((a) => a === 'investor_limit_reached')).toHaveLength(151);
    const [seats] = await t.app.db
      .select({ n: count() })
      .from(offerSubscriptions)
      .where(eq(offerSubscriptions.productId, product.id));
    expect(seats!.n).toBe(149);
    expect(await heldOf(variant.id)).toBe(1_490);
    const numbers = await t.app.db.select({ number: invoices.number }).from(invoices);
    expect(new Set(numbers.map((n) => n.number)).size).toBe(numbers.length);
  }, 120_000);

  it('100 concurrent orders on 50 tokens never go below zero', async () => {
    const { variant } = await bond({ variant: { totalSupply: 50 } });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => rawBuyer()));
    const tokens = await Promise.all(buyers.map((b) => readyCart(b.id, variant, 1)));
    const answers = await Promise.all(buyers.map((b, i) => completeAs(b.id, tokens[i]!)));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(50);
    expect(answers.filter((a) => a === 'insufficient_stock')).toHaveLength(50);
    const [v] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variant.id));
    expect(v!.onHold).toBe(50);
    expect(v!.onHand - v!.onHold).toBe(0);
  }, 120_000);

  it('ten concurrent POST orders of one customer: every call answers 201, one cart remains', async () => {
    const { row, api } = await investor();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/orders', { locale: 'de' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const carts = await t.app.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.customerId, row.id), eq(orders.checkoutState, 'cart')));
    expect(carts[0]!.n).toBe(1);
  });

  it('invoice numbers are gap-free per year under concurrency', async () => {
    const { variant } = await bond();
    const year = new Date().getUTCFullYear();
    const buyers = await Promise.all(Array.from({ length: 40 }, () => rawBuyer()));
    const tokens = await Promise.all(buyers.map((b) => readyCart(b.id, variant, 1)));
    await Promise.all(buyers.map((b, i) => completeAs(b.id, tokens[i]!)));
    const rows = await t.app.db.select().from(invoices).where(eq(invoices.year, year));
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
  }, 120_000);
});
