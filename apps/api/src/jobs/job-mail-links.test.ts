import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, payments } from '../db/schema/index.ts';
import { seedChannel } from '../db/seed/channel.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { loggedInInvestor, noDeclarations, orderStatements, testBond } from '../test/orders.ts';
import { bankCreditReceivedJob } from './bank-credit-received.job.ts';

const publicUrl = 'https://invest.example.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference', publicUrl });
  await t.app.db.transaction((tx) => seedChannel(tx));
});
afterAll(async () => {
  await t?.close();
});

/** A bank-transfer order an investor placed: its token and payment reference. */
async function placedOrder() {
  const investor = await loggedInInvestor(t);
  const { variant } = await testBond(t);
  const { api } = investor;
  const token = (await api.post('/orders', { locale: 'de' })).body.tokenValue as string;
  await api.post(`/orders/${token}/items`, {
    productVariant: `/api/v2/shop/product-variants/${variant.code}`,
    quantity: 1000,
  });
  await api.patch(`/orders/${token}/legal-documents-confirm`);
  const paymentId = ((await api.get(`/orders/${token}`)).body.payments as { id: number }[])[0]!.id;
  await api.patch(`/orders/${token}/payments/${paymentId}`, { paymentMethod: 'offline' });
  const done = await api.patch(`/orders/${token}/complete`, {
    statements: orderStatements,
    declarations: noDeclarations,
  });
  expect(done.status).toBe(200);
  const [payment] = await t.app.db
    .select({ reference: payments.paymentReference })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.tokenValue, token));
  return { email: investor.row.email, token, reference: payment!.reference! };
}

describe('mails sent by jobs', () => {
  it('link to PUBLIC_URL, as mails sent during a request do: the payment-received mail of a bank credit', async () => {
    const order = await placedOrder();
    await t.jobs.enqueue(t.app.db, bankCreditReceivedJob, {
      source: 'camt',
      partnerEventId: null,
      credit: {
        amountCents: 100_000,
        currency: 'EUR',
        remittanceText: `Zeichnung ${order.reference}`,
        structuredReference: null,
        debtorName: 'Erika Mustermann',
        debtorIban: 'DE02120300000000202051',
        bookingDate: '2026-11-24',
        valueDate: '2026-11-24',
        entryReference: 'E-LINKS-1',
        statementId: null,
      },
    });
    await t.jobs.drain();
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, order.email), eq(mailOutbox.template, 'order_paid')));
    expect(mail?.text).toContain(`${publicUrl}/order-details/${order.token}`);
    expect(mail?.text).not.toMatch(/https?:\/\/localhost/);
  });
});
