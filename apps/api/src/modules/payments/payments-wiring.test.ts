import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bankCreditNoteText, bankCreditViewSchema, operatorOrderFileSchema } from '@token/domain/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributes,
  bankCredits,
  complianceAuditLog,
  invoices,
  mailOutbox,
  offerSubscriptions,
  orders,
  payments,
  productAttributeValues,
  productVariants,
} from '../../db/schema/index.ts';
import { seedChannel } from '../../db/seed/channel.ts';
import type { seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import {
  loggedInInvestor,
  noDeclarations,
  orderStatements,
  type ShopApi,
  testBond,
} from '../../test/orders.ts';
import { hasPoppler } from '../../test/poppler.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';
import { applyBankCredit, importBankStatement } from './bank-credits.service.ts';
import { bookCardEvent } from './card-payments.service.ts';

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

const investor = (overrides: Partial<Parameters<typeof seedBuyer>[1]> = {}) => loggedInInvestor(t, overrides);
const bond = (opts: Parameters<typeof testBond>[1] = {}) => testBond(t, opts);

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

describe('what the invoice says of the bond and the order', () => {
  it.runIf(hasPoppler)(
    'names the bond by its ISIN; once the order is cancelled it asks for nothing',
    async () => {
      const a = await investor();
      const { product, variant } = await bond();
      const [isin] = await t.app.db
        .insert(attributes)
        .values({ code: 'isin', type: 'text' })
        .onConflictDoUpdate({ target: attributes.code, set: { type: 'text' } })
        .returning();
      await t.app.db
        .insert(productAttributeValues)
        .values({ productId: product.id, attributeId: isin!.id, locale: null, value: 'DE000A4DE7Q1' });
      const { token } = await placed(a.api, variant.code, 1000);
      const invoice = await invoiceOf(token);
      const text = async () => {
        const res = await pdfGet(`/api/v2/shop/invoice/${invoice.id}/pdf`, a.token);
        expect(res.statusCode).toBe(200);
        const file = join(tmpdir(), `invoice-${invoice.id}.pdf`);
        writeFileSync(file, res.rawPayload);
        return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      };
      const open = await text();
      expect(open).toContain('ISIN DE000A4DE7Q1');
      expect(open).toContain('Zahlbar bis');

      expect((await a.api.patch(`/orders/${token}/cancel`)).status).toBe(200);
      const cancelled = await text();
      expect(cancelled).toContain('Die Bestellung wurde storniert. Der Rechnungsbetrag ist nicht zu zahlen.');
      expect(cancelled).not.toContain('Zahlbar bis');
      expect(cancelled).not.toMatch(/RF\d\d/);
      expect(cancelled).not.toContain('ist bei uns eingegangen');
    },
  );
});

let entrySeq = 0;
const booking = () => ({ mail: t.partners.mail, publicUrl: 'http://localhost:3000' });

/** A credit on the collection account as the bank reports it. */
function credit(
  amountCents: number,
  remittanceText: string | null,
  entryReference = `E-W-${++entrySeq}-${Date.now()}`,
) {
  return {
    amountCents,
    currency: 'EUR',
    remittanceText,
    structuredReference: null,
    debtorName: 'Erika Mustermann',
    debtorIban: 'DE02120300000000202051',
    bookingDate: '2026-11-24',
    valueDate: '2026-11-24',
    entryReference,
    statementId: null,
  };
}

const receive = (c: ReturnType<typeof credit>) =>
  applyBankCredit({ db: t.app.db, source: 'sandbox', partnerEventId: null, credit: c, booking: booking() });

async function orderRow(token: string) {
  const [o] = await t.app.db.select().from(orders).where(eq(orders.tokenValue, token));
  return o!;
}
async function referenceOf(token: string) {
  const o = await orderRow(token);
  const [p] = await t.app.db.select().from(payments).where(eq(payments.orderId, o.id));
  return p!.paymentReference!;
}
async function creditRow(entryReference: string) {
  const [c] = await t.app.db.select().from(bankCredits).where(eq(bankCredits.entryReference, entryReference));
  return c!;
}

describe('bank credits book orders (matchBankCredit)', () => {
  it('an exact credit pays the order: state tables, paid view, list status, mail; the same booking again changes nothing', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000);
    const reference = await referenceOf(token);
    const c = credit(100_000, `Zeichnung ${reference.slice(0, 8)} ${reference.slice(8)}`);
    expect(await receive(c)).toMatchObject({ duplicate: false, outcome: 'matched' });
    expect(await receive(c)).toMatchObject({ duplicate: true, outcome: 'duplicate' });
    const row = await creditRow(c.entryReference);
    expect(row.status).toBe('matched');
    expect(row.matchedOrderId).toBe((await orderRow(token)).id);
    const view = await a.api.get(`/orders/${token}`);
    expect(view.body).toMatchObject({ paymentState: 'paid', paid: true, listStatus: 'paid' });
    expect((view.body.payments as { state: string }[])[0]!.state).toBe('paid');
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, a.row.email), eq(mailOutbox.template, 'order_paid')));
    expect(mails).toHaveLength(1);
    // decision 011: the tokens stay on hold until minted.
    const [v] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variant.id));
    expect(v!.onHold).toBe(1000);
  });

  it('partial credits stay open with a note until they add up; an unknown reference and a cancelled order stay open', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000);
    const reference = await referenceOf(token);
    const first = credit(40_000, reference);
    expect((await receive(first)).outcome).toBe('open');
    expect(await creditRow(first.entryReference)).toMatchObject({ status: 'partial' });
    expect((await creditRow(first.entryReference)).note).toMatchObject({
      code: 'partial',
      receivedCents: 40_000,
      totalCents: 100_000,
    });
    expect(
      bankCreditNoteText((await creditRow(first.entryReference)).note!, 'de').replace(/\u00a0/g, ' '),
    ).toBe(
      `Teilzahlung für Bestellung ${(await orderRow(token)).number}: 400,00 € von 1.000,00 € eingegangen.`,
    );
    expect((await orderRow(token)).paymentState).toBe('awaiting_payment');
    const second = credit(60_000, reference);
    expect((await receive(second)).outcome).toBe('matched');
    expect((await creditRow(first.entryReference)).status).toBe('matched');
    expect((await orderRow(token)).paymentState).toBe('paid');
    // A further transfer for the paid order: open for the operator.
    const late = credit(100_000, reference);
    expect((await receive(late)).outcome).toBe('open');
    expect((await creditRow(late.entryReference)).note).toMatchObject({
      code: 'order_closed',
      state: 'paid',
    });

    const unknown = credit(5_000, 'Geschenk fuer Oma');
    expect((await receive(unknown)).outcome).toBe('open');
    expect(await creditRow(unknown.entryReference)).toMatchObject({
      status: 'unmatched',
      matchedOrderId: null,
    });

    const b = await investor();
    const cancelled = await placed(b.api, variant.code, 1000);
    expect((await b.api.patch(`/orders/${cancelled.token}/cancel`)).status).toBe(200);
    const forCancelled = credit(100_000, await referenceOf(cancelled.token));
    expect((await receive(forCancelled)).outcome).toBe('open');
    const row = await creditRow(forCancelled.entryReference);
    expect(row.status).toBe('unmatched');
    expect(row.note).toMatchObject({ code: 'order_closed', state: 'cancelled', cancelReason: 'investor' });
    expect(bankCreditNoteText(row.note!, 'en')).toContain('is cancelled (cancelled by the investor)');
    expect((await orderRow(cancelled.token)).paymentState).toBe('cancelled');
  });
});

function camt053(entries: { ref: string; cents: number; text: string }[]) {
  const ntry = entries
    .map(
      (
        e,
      ) => `<Ntry><Amt Ccy="EUR">${(e.cents / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-11-23</Dt></BookgDt><ValDt><Dt>2026-11-23</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${(e.cents / 100).toFixed(2)}</Amt></TxAmt></AmtDtls>
<RltdPties><Dbtr><Nm>Erika Mustermann</Nm></Dbtr><DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>W-${entries[0]!.ref}</MsgId><CreDtTm>2026-11-24T06:12:01.0+01:00</CreDtTm></GrpHdr>
<Stmt><Id>S-${entries[0]!.ref}</Id><CreDtTm>2026-11-24T06:12:01.0+01:00</CreDtTm>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
${ntry}
</Stmt></BkToCstmrStmt></Document>`);
}

function upload(token: string | undefined, file: Buffer, field = 'file') {
  const boundary = `----wire${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="s.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/admin/bank-statements',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
}

describe('operators: payments under /api/v2/admin', () => {
  it('order file, mark paid, refund (releases stock and seat), with audit rows; customers 403; bad reasons 422', async () => {
    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const ops = admin(t.app, operatorToken);
    const a = await investor();
    const { variant, product } = await bond();
    const { token } = await placed(a.api, variant.code, 1000);

    expect(
      (await admin(t.app, a.token).post(`/orders/${token}/mark-paid`, { reason: 'Zahlung gesehen' })).status,
    ).toBe(403);
    expect((await ops.post(`/orders/${token}/mark-paid`, { reason: 'x' })).status).toBe(422);
    expect((await ops.post('/orders/nope/mark-paid', { reason: 'Zahlung gesehen' })).status).toBe(404);
    expect((await ops.post(`/orders/${token}/refund`, { reason: 'Rueckzahlung' })).body.code).toBe(
      'order_not_refundable',
    );

    const paid = await ops.post(`/orders/${token}/mark-paid`, { reason: 'Zahlung per Kontoauszug gesehen' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentState: 'paid', paid: true, customer: { email: a.row.email } });
    expect((await ops.post(`/orders/${token}/mark-paid`, { reason: 'noch einmal' })).body.code).toBe(
      'order_not_payable',
    );

    const file = await ops.get(`/orders/${token}`);
    expect(file.status).toBe(200);
    // The whole order file is the contract the operator web reads (`operatorOrderFileSchema`).
    expect(operatorOrderFileSchema.parse(file.body).payments[0]).toMatchObject({ cardSessionId: null });
    expect(file.body).toMatchObject({
      tokenValue: token,
      customer: { uuid: a.row.uuid, email: a.row.email, accountType: 'personal' },
      payments: [
        {
          methodCode: 'offline',
          state: 'paid',
          amount: 100_000,
          paymentReference: expect.stringMatching(/^RF/),
        },
      ],
      auditLog: [{ action: 'order_marked_paid', reason: 'Zahlung per Kontoauszug gesehen' }],
    });
    expect((file.body.invoices as unknown[]).length).toBe(1);

    const refunded = await ops.post(`/orders/${token}/refund`, { reason: 'Anleger tritt zurueck' });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ paymentState: 'refunded', listStatus: 'refunded' });
    const [v] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variant.id));
    expect(v!.onHold).toBe(0);
    const seats = await t.app.db
      .select()
      .from(offerSubscriptions)
      .where(eq(offerSubscriptions.productId, product.id));
    expect(seats).toHaveLength(0);
    const auditRows = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(eq(complianceAuditLog.customerId, a.row.id));
    expect(auditRows.map((r) => r.action).sort()).toEqual(['order_marked_paid', 'order_refunded']);
  });

  it('reconciliation: statement import (twice books nothing twice), list, assign, return', async () => {
    const { token: operatorToken } = await operatorWithToken(t.app, t.config.appSecret);
    const ops = admin(t.app, operatorToken);
    const a = await investor();
    const b = await investor();
    const { variant } = await bond();
    const pa = await placed(a.api, variant.code, 1000);
    const pb = await placed(b.api, variant.code, 1000);
    const stamp = Date.now();
    const file = camt053([
      { ref: `W${stamp}1`, cents: 100_000, text: await referenceOf(pa.token) },
      { ref: `W${stamp}2`, cents: 30_000, text: 'Zeichnung ohne Referenz' },
    ]);
    expect((await upload(a.token, file)).statusCode).toBe(403);
    const first = await upload(operatorToken, file);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ credits: 2, duplicates: 0, matched: 1, open: 1 });
    expect((await upload(operatorToken, file)).json()).toEqual({
      credits: 2,
      duplicates: 2,
      matched: 0,
      open: 0,
    });
    const direct = await importBankStatement({ db: t.app.db, file, booking: booking() });
    expect(direct).toMatchObject({ recorded: 0, matched: 0 });
    expect((await orderRow(pa.token)).paymentState).toBe('paid');
    const bad = await upload(operatorToken, Buffer.from('<html/>'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('bank_statement_invalid');

    const list = await ops.get('/bank-credits');
    expect(list.status).toBe(200);
    // The answer is the contract the operator web reads (`bankCreditViewSchema`).
    const open = bankCreditViewSchema.array().parse(list.body);
    const loose = open.find((c) => c.entryReference === `W${stamp}2`)!;
    expect(loose).toMatchObject({ status: 'unmatched', matchedOrder: null });
    expect(open.some((c) => c.entryReference === `W${stamp}1`)).toBe(false);
    const matched = (await ops.get('/bank-credits?status=matched')).body as unknown as {
      entryReference: string;
      matchedOrder: { tokenValue: string };
    }[];
    expect(matched.find((c) => c.entryReference === `W${stamp}1`)?.matchedOrder.tokenValue).toBe(pa.token);
    expect((await ops.get('/bank-credits?status=bogus')).status).toBe(400);
    expect((await admin(t.app, a.token).get('/bank-credits')).status).toBe(403);

    // 300 EUR of 1,000 assigned: open as partial; the order still awaits payment.
    const assigned = await ops.post(`/bank-credits/${loose.id}/assign`, {
      orderTokenValue: pb.token,
      reason: 'Anruf des Anlegers',
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'partial', matchedOrder: { tokenValue: pb.token } });
    expect((await orderRow(pb.token)).paymentState).toBe('awaiting_payment');
    const rest = credit(70_000, 'Rest');
    await receive(rest);
    const restRow = await creditRow(rest.entryReference);
    const completed = await ops.post(`/bank-credits/${restRow.id}/assign`, {
      orderTokenValue: pb.token,
      reason: 'Restzahlung',
    });
    expect(completed.body).toMatchObject({ status: 'matched' });
    expect((await orderRow(pb.token)).paymentState).toBe('paid');
    expect((await ops.post(`/bank-credits/${restRow.id}/return`, { reason: 'zurueck' })).body.code).toBe(
      'bank_credit_closed',
    );

    const stray = credit(1_234, 'irgendwas');
    await receive(stray);
    const strayRow = await creditRow(stray.entryReference);
    expect((await ops.post(`/bank-credits/${strayRow.id}/return`, { reason: 'x' })).status).toBe(422);
    const returned = await ops.post(`/bank-credits/${strayRow.id}/return`, { reason: 'Unbekannter Zahler' });
    expect(returned.body).toMatchObject({ status: 'returned' });
    expect((await ops.post('/bank-credits/999999/return', { reason: 'Unbekannt' })).status).toBe(404);
    const fileB = await ops.get(`/orders/${pb.token}`);
    expect((fileB.body.bankCredits as unknown[]).length).toBe(2);
    expect((fileB.body.auditLog as { action: string }[]).map((x) => x.action)).toEqual([
      'bank_credit_assigned',
      'bank_credit_assigned',
    ]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('nothing booked twice (PostgreSQL races)', () => {
  it('the same credit 20 times at once, and 20 different credits for one order at once, book one payment', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000);
    const reference = await referenceOf(token);
    const same = credit(100_000, reference);
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(same)));
    expect(answers.filter((x) => x.outcome === 'matched')).toHaveLength(1);
    expect((await orderRow(token)).paymentState).toBe('paid');

    const b = await investor();
    const other = await placed(b.api, variant.code, 1000);
    const ref2 = await referenceOf(other.token);
    const many = await Promise.all(Array.from({ length: 20 }, () => receive(credit(100_000, ref2))));
    expect(many.filter((x) => x.outcome === 'matched')).toHaveLength(1);
    const order = await orderRow(other.token);
    const matched = await t.app.db
      .select()
      .from(bankCredits)
      .where(and(eq(bankCredits.matchedOrderId, order.id), eq(bankCredits.status, 'matched')));
    expect(matched).toHaveLength(1);
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, b.row.email), eq(mailOutbox.template, 'order_paid')));
    expect(mails).toHaveLength(1);
  });

  it('the same camt.053 file imported twice at once books one payment', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000);
    const file = camt053([{ ref: `R${Date.now()}`, cents: 100_000, text: await referenceOf(token) }]);
    const results = await Promise.allSettled(
      Array.from({ length: 2 }, () => importBankStatement({ db: t.app.db, file, booking: booking() })),
    );
    const matched = results.map((r) => (r.status === 'fulfilled' ? r.value.matched : 0));
    expect(matched.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await orderRow(token)).paymentState).toBe('paid');
  });
});

function cardEvent(orderToken: string, status: 'paid' | 'refunded' | 'failed', intent: string) {
  return {
    id: `evt_${intent}_${status}`,
    type:
      status === 'paid'
        ? 'checkout.session.completed'
        : status === 'refunded'
          ? 'charge.refunded'
          : 'payment_intent.payment_failed',
    sessionId: null,
    paymentIntentId: intent,
    orderToken,
    amountCents: 100_000,
    status,
  } as const;
}
const bookCard = (event: ReturnType<typeof cardEvent>) =>
  bookCardEvent({ db: t.app.db, card: t.partners.card, partnerEventId: 1, event, booking: booking() });

describe('card payments book orders', () => {
  it('the configuration answers one checkout session; paid books the order, refunded releases it; failures change nothing', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token, paymentId } = await placed(a.api, variant.code, 1000, 'card');
    const first = await a.api.get(`/orders/${token}/payments/${paymentId}/configuration`);
    expect(first.status).toBe(200);
    expect(first.body.gateway).toBe('card');
    expect(first.body.redirectUrl).toEqual(expect.any(String));
    const again = await a.api.get(`/orders/${token}/payments/${paymentId}/configuration`);
    expect(again.body.redirectUrl).toBe(first.body.redirectUrl);
    const b = await investor();
    expect((await b.api.get(`/orders/${token}/payments/${paymentId}/configuration`)).status).toBe(404);

    expect(await bookCard(cardEvent(token, 'failed', 'pi_w1'))).toBe('none');
    expect((await orderRow(token)).paymentState).toBe('awaiting_payment');
    expect(await bookCard(cardEvent(token, 'paid', 'pi_w1'))).toBe('paid');
    expect(await bookCard(cardEvent(token, 'paid', 'pi_w1'))).toBe('none');
    expect((await a.api.get(`/orders/${token}`)).body).toMatchObject({ paymentState: 'paid', paid: true });
    expect(await bookCard(cardEvent(token, 'refunded', 'pi_w1'))).toBe('refunded');
    expect((await orderRow(token)).paymentState).toBe('refunded');
  });

  it('a payment for a cancelled order is refunded through the partner or flagged, never booked', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000, 'card');
    expect((await a.api.patch(`/orders/${token}/cancel`)).status).toBe(200);
    const outcome = await bookCard(cardEvent(token, 'paid', 'pi_unknown_late'));
    expect(['refunded_late_payment', 'flagged']).toContain(outcome);
    expect((await orderRow(token)).paymentState).toBe('cancelled');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('card: one payment booked (PostgreSQL race)', () => {
  it('the same paid event 20 times at once books one payment and one mail', async () => {
    const a = await investor();
    const { variant } = await bond();
    const { token } = await placed(a.api, variant.code, 1000, 'card');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => bookCard(cardEvent(token, 'paid', 'pi_race'))),
    );
    expect(results.filter((r) => r === 'paid')).toHaveLength(1);
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, a.row.email), eq(mailOutbox.template, 'order_paid')));
    expect(mails).toHaveLength(1);
  });
});
