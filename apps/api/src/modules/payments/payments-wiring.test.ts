import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders } from '../../db/schema/index.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import { seedBond, seedBuyer, type VariantSeed } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { operatorWithToken } from '../admin/admin.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await t.app.db.transaction((tx) => seedChannel(tx));
});
afterAll(async () => {
  await t?.close();
});

const statements = {
  notUsOrCanadaTaxpayer: true,
  totalLossRisk: true,
  illiquidityRisk: false,
  informationTruthful: true,
  actingOnOwnAccount: true,
  documentsReceived: false,
};
const noDeclarations = { freeAssetsAtLeast100k: false, averageMonthlyNetIncomeCents: null };

type Api = ReturnType<typeof shop>;

async function investor(overrides: Partial<Parameters<typeof seedBuyer>[1]> = {}) {
  const row = await seedBuyer(t.app.db, { appSecret: t.config.appSecret, ...overrides });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { row, token, api: shop(t.app, token) };
}

async function bond(opts: Parameters<typeof seedBond>[1] & { variant?: VariantSeed } = {}) {
  const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 1_000_000 }, ...opts });
  return { product, variant: variant! };
}

/** A placed order of `quantity` tokens paid by `method`: token, payment id, order view. */
async function placed(api: Api, variantCode: string, quantity = 1000, method = 'offline') {
  const created = await api.post('/orders', { locale: 'de' });
  const token = created.body.tokenValue as string;
  expect(
    (
      await api.post(`/orders/${token}/items`, {
        productVariant: `/api/v2/shop/product-variants/${variantCode}`,
        quantity,
      })
    ).status,
  ).toBe(201);
  expect((await api.patch(`/orders/${token}/legal-documents-confirm`)).status).toBe(200);
  const order = await api.get(`/orders/${token}`);
  const paymentId = (order.body.payments as { id: number }[])[0]!.id;
  expect((await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: method })).status).toBe(
    200,
  );
  const done = await api.patch(`/orders/${token}/complete`, {
    statements,
    declarations: noDeclarations,
  });
  expect(done.status).toBe(200);
  return { token, paymentId, view: done.body };
}

async function invoiceOf(token: string) {
  const [row] = await t.app.db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.tokenValue, token));
  return row!;
}

const pdfGet = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

const hasPoppler = existsSync('/usr/bin/pdftotext');

describe('the invoice PDF (spec 7 GET invoice/{id}/pdf)', () => {
  it('the owner gets the PDF with the number; another customer 404; a visitor 401; operators by the admin route', async () => {
    const a = await investor();
    const b = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000);
    const invoice = await invoiceOf(token);

    const res = await pdfGet(`/api/v2/shop/invoice/${invoice.id}/pdf`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(invoice.number);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(res.rawPayload.toString('latin1')).toContain(`Rechnung ${invoice.number}`);
    if (hasPoppler) {
      const file = join(tmpdir(), `invoice-${invoice.id}.pdf`);
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(invoice.number);
      expect(text).toContain('Zahlbar bis');
      expect(text).toMatch(/RF\d\d/);
    }

    const other = await pdfGet(`/api/v2/shop/invoice/${invoice.id}/pdf`, b.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('invoice_not_found');
    expect((await pdfGet(`/api/v2/shop/invoice/${invoice.id}/pdf`)).statusCode).toBe(401);
    expect((await pdfGet(`/api/v2/shop/invoice/999999/pdf`, a.token)).statusCode).toBe(404);
    expect((await pdfGet(`/api/v2/shop/invoice/abc/pdf`, a.token)).statusCode).toBe(400);

    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const byOperator = await pdfGet(`/api/v2/admin/invoices/${invoice.id}/pdf`, operatorToken);
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect((await pdfGet(`/api/v2/admin/invoices/${invoice.id}/pdf`, a.token)).statusCode).toBe(403);
  });
});
