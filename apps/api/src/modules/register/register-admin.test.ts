import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, complianceAuditLog, orders, productVariants } from '../../db/schema/index.ts';
import { seedBond, seedBuyer, seedCustomer, seedInvestor } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { appendRegisterEntry } from './journal.service.ts';
import { followOrderMinting } from './minting.service.ts';
import { appendConfirmed, paidOrder } from './register.test-kit.ts';

let t: TestApp;
let token: string;
let operatorId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  const op = await operatorWithToken(t.app, t.config.appSecret);
  token = op.token;
  operatorId = op.operator.id;
});
afterAll(async () => {
  await t.close();
});

const orderCause = (id: number) => ({ type: 'order' as const, orderId: String(id) });
const reason = 'Falscher Empfänger gebucht';

/** A confirmed mint of an order, with the order's stock and shipping moved as the confirmation handler does. */
async function mintConfirmed(productId: number, order: { id: number; customerId: number }, amount: number) {
  return t.app.db.transaction(async (tx) => {
    const entry = await appendRegisterEntry(tx, {
      productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: order.customerId,
      amount,
      cause: orderCause(order.id),
    });
    await followOrderMinting(tx, { orderId: order.id, tokens: amount });
    return entry;
  });
}

async function orderState(id: number) {
  const [o] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  return o!.shippingState;
}

async function stockOf(variantId: number) {
  const [v] = await t.app.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  return { onHand: v!.onHand, onHold: v!.onHold };
}

describe('who reaches a bond’s register calls', () => {
  it('answers anonymous 401 and a customer 403 on every register call, and changes nothing', async () => {
    const { product, variant } = await seedBond(t.app.db);
    const { order } = await paidOrder(t, { variant, quantity: 100 });
    await mintConfirmed(product.id, order, 100);
    const customer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const customerToken = await tokenFor(t.app, customer);
    const base = `/api/v2/admin/bonds/${product.code}`;
    const calls: [string, string, object?][] = [
      ['GET', `${base}/register`],
      ['GET', `${base}/register/entries`],
      ['POST', `${base}/register/entries/1/reversal`, { reason }],
      ['GET', `${base}/whitelist`],
      ['POST', `${base}/whitelist`, { customer: customer.email }],
      ['DELETE', `${base}/whitelist/${customer.uuid}`],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${customerToken}` },
        ...(payload ? { payload } : {}),
      });
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().code).toBe('forbidden');
    }
    const entries = await admin(t.app, token).get(`/bonds/${product.code}/register/entries`);
    expect(entries.body).toHaveLength(1);
    expect((await admin(t.app, token).get(`/bonds/${product.code}/whitelist`)).body).toEqual([]);
  });
});

describe('the register (GET register, register/entries)', () => {
  it('shows the head, holders identified per eWpRV § 8, the supply and a passing chain check', async () => {
    const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 5_000 } });
    const anna = await paidOrder(t, { variant, quantity: 1_000 });
    await t.app.db.execute(sql`update customers set birth_date = '1980-02-29' where id = ${anna.buyer.id}`);
    const [home] = await t.app.db
      .insert(addresses)
      .values({
        customerId: anna.buyer.id,
        kind: 'personal',
        firstName: 'Erika',
        lastName: 'Mustermann',
        countryCode: 'DE',
        street: 'Hauptstraße 1',
        postcode: '04109',
        city: 'Leipzig',
      })
      .returning();
    await t.app.db.execute(
      sql`update customers set default_address_id = ${home!.id} where id = ${anna.buyer.id}`,
    );
    const firm = await seedBuyer(t.app.db, {
      appSecret: t.config.appSecret,
      accountType: 'company',
      companyName: 'Muster Invest GmbH',
    });
    await t.app.db.insert(addresses).values({
      customerId: firm.id,
      kind: 'company',
      firstName: 'Max',
      lastName: 'Muster',
      company: 'Muster Invest GmbH',
      countryCode: 'DE',
      street: 'Alter Markt 2',
      postcode: '50667',
      city: 'Köln',
    });
    await mintConfirmed(product.id, anna.order, 1_000);
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'transfer',
      fromCustomerId: anna.buyer.id,
      toCustomerId: firm.id,
      amount: 300,
      cause: { type: 'transfer_request', transferId: '1' },
      transactionHash: `0x${'ab'.repeat(32)}`,
    });

    const res = await admin(t.app, token).get(`/bonds/${product.code}/register`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product: product.code,
      name: `Testanleihe ${product.code}`,
      whitelisting: false,
      head: { lastSequence: 2, minted: 1_000, burned: 0, holders: 2 },
      totalSupply: 5_000,
      outstanding: 1_000,
      check: { ok: true, entries: 2, fault: null, mismatches: [] },
    });
    expect(res.body.holders).toEqual([
      {
        customer: { uuid: anna.buyer.uuid, name: 'Erika Mustermann', email: anna.buyer.email },
        identity: {
          type: 'natural',
          name: 'Erika Mustermann',
          birthDate: '1980-02-29',
          residence: 'Leipzig, DE',
        },
        balance: 700,
        pendingOut: 0,
        pendingIn: 0,
        restrictions: [],
      },
      {
        customer: { uuid: firm.uuid, name: 'Muster Invest GmbH', email: firm.email },
        identity: { type: 'legal', company: 'Muster Invest GmbH', seat: 'Köln, DE' },
        balance: 300,
        pendingOut: 0,
        pendingIn: 0,
        restrictions: [],
      },
    ]);

    const entries = await admin(t.app, token, 'en').get(
      `/bonds/${product.code}/register/entries?itemsPerPage=1`,
    );
    expect(entries.status).toBe(200);
    expect(entries.body).toEqual([
      expect.objectContaining({
        sequence: 2,
        kind: 'transfer',
        amount: 300,
        from: { uuid: anna.buyer.uuid, name: 'Erika Mustermann', email: anna.buyer.email },
        to: { uuid: firm.uuid, name: 'Muster Invest GmbH', email: firm.email },
        cause: { type: 'transfer_request', transferId: '1' },
        orderNumber: null,
        transactionHash: `0x${'ab'.repeat(32)}`,
        status: 'confirmed',
        reversedBy: null,
      }),
    ]);
    expect((await admin(t.app, token, 'en').get(`/bonds/${product.code}/register`)).body.name).toBe(
      `Test bond ${product.code}`,
    );
    // The mint names the order by the number the operator's order list shows.
    const mint = await admin(t.app, token).get(
      `/bonds/${product.code}/register/entries?page=2&itemsPerPage=1`,
    );
    expect(anna.order.number).toMatch(/^\S+$/);
    expect(mint.body[0]).toMatchObject({ sequence: 1, kind: 'mint', orderNumber: anna.order.number });
    const hydra = await t.app.inject({
      url: `/api/v2/admin/bonds/${product.code}/register/entries?page=2&itemsPerPage=1`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });
    expect(hydra.json()).toMatchObject({
      'hydra:totalItems': 2,
      'hydra:member': [{ sequence: 1, kind: 'mint', from: null, cause: orderCause(anna.order.id) }],
    });
    expect(
      (await admin(t.app, token).get(`/bonds/${product.code}/register/entries?itemsPerPage=500`)).status,
    ).toBe(400);
  });

  it('names the sequence of a row altered behind the append-only trigger', async () => {
    const { product } = await seedBond(t.app.db);
    const holder = await seedCustomer(t.app.db);
    for (const amount of [100, 200, 300]) {
      await appendConfirmed(t.app.db, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: holder.id,
        amount,
        cause: { type: 'order', orderId: `x${amount}` },
      });
    }
    await t.app.db.execute(sql`alter table register_entries disable trigger register_entries_append_only`);
    try {
      await t.app.db.execute(
        sql`update register_entries set amount = 250 where product_id = ${product.id} and sequence = 2`,
      );
    } finally {
      await t.app.db.execute(sql`alter table register_entries enable trigger register_entries_append_only`);
    }
    const res = await admin(t.app, token).get(`/bonds/${product.code}/register`);
    expect(res.status).toBe(200);
    expect(res.body.check).toMatchObject({
      ok: false,
      entries: 2,
      fault: { sequence: 2, fault: 'hash_mismatch' },
    });
  });

  it('reports a holding that drifted from the journal', async () => {
    const { product } = await seedBond(t.app.db);
    const holder = await seedCustomer(t.app.db);
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: holder.id,
      amount: 100,
      cause: { type: 'order', orderId: 'y1' },
    });
    await t.app.db.execute(
      sql`update register_holdings set balance = 90 where product_id = ${product.id} and customer_id = ${holder.id}`,
    );
    const res = await admin(t.app, token).get(`/bonds/${product.code}/register`);
    expect(res.body.check).toMatchObject({
      ok: false,
      fault: null,
      mismatches: [{ kind: 'holding', subject: holder.uuid, journal: '100', stored: '90' }],
    });
  });
});

describe('reversals (POST register/entries/{sequence}/reversal)', () => {
  it('reverses a mint: the tokens leave, the order goes back to ready with its stock, the audit names the operator', async () => {
    const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 1_000 } });
    const { order, buyer } = await paidOrder(t, { variant, quantity: 600 });
    await mintConfirmed(product.id, order, 600);
    expect(await orderState(order.id)).toBe('shipped');
    expect(await stockOf(variant!.id)).toEqual({ onHand: 400, onHold: 0 });

    const res = await admin(t.app, token).post(`/bonds/${product.code}/register/entries/1/reversal`, {
      reason,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sequence: 2,
      kind: 'reversal',
      amount: 600,
      from: { uuid: buyer.uuid },
      to: null,
      cause: { type: 'correction', reason, reverses: 1 },
      status: 'confirmed',
    });
    expect(await orderState(order.id)).toBe('ready');
    expect(await stockOf(variant!.id)).toEqual({ onHand: 1_000, onHold: 600 });
    const register = await admin(t.app, token).get(`/bonds/${product.code}/register`);
    expect(register.body).toMatchObject({
      head: { minted: 0, holders: 0 },
      holders: [],
      check: { ok: true },
    });
    const entries = await admin(t.app, token).get(`/bonds/${product.code}/register/entries`);
    expect(
      (entries.body as unknown as { sequence: number; status: string; reversedBy: number | null }[]).map(
        (e) => [e.sequence, e.status, e.reversedBy],
      ),
    ).toEqual([
      [2, 'confirmed', null],
      [1, 'reversed', 2],
    ]);
    const [audit] = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(
          eq(complianceAuditLog.customerId, buyer.id),
          eq(complianceAuditLog.action, 'register_entry_reversed'),
        ),
      );
    expect(audit).toMatchObject({ actorId: operatorId, reason });
    expect(audit!.details).toMatchObject({ sequence: 1, reversal: 2, shippingState: 'ready' });

    // already reversed, and a reversal itself: refused
    for (const sequence of [1, 2]) {
      const again = await admin(t.app, token, 'en').post(
        `/bonds/${product.code}/register/entries/${sequence}/reversal`,
        { reason },
      );
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('reversal_not_allowed');
    }
  });

  it('moves a partly reversed order back to partially shipped', async () => {
    const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 1_000 } });
    const { order } = await paidOrder(t, { variant, quantity: 1_000 });
    await mintConfirmed(product.id, order, 400);
    expect(await orderState(order.id)).toBe('partially_shipped');
    const second = await mintConfirmed(product.id, order, 600);
    expect(await orderState(order.id)).toBe('shipped');
    const res = await admin(t.app, token).post(
      `/bonds/${product.code}/register/entries/${second.sequence}/reversal`,
      { reason },
    );
    expect(res.status).toBe(201);
    expect(await orderState(order.id)).toBe('partially_shipped');
    expect(await stockOf(variant!.id)).toEqual({ onHand: 600, onHold: 600 });
    // the minting batch offers the reversed tokens again
    const preview = await admin(t.app, token).get(`/bonds/${product.code}/minting`);
    expect(preview.body.orders).toEqual([expect.objectContaining({ minted: 400, remaining: 600 })]);
  });

  it('refuses a reversal whose tokens moved on, until the onward transfer is reversed', async () => {
    const { product, variant } = await seedBond(t.app.db);
    const { order, buyer } = await paidOrder(t, { variant, quantity: 100 });
    const other = await seedCustomer(t.app.db);
    await mintConfirmed(product.id, order, 100);
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'transfer',
      fromCustomerId: buyer.id,
      toCustomerId: other.id,
      amount: 100,
      cause: { type: 'transfer_request', transferId: '9' },
    });
    const refused = await admin(t.app, token).post(`/bonds/${product.code}/register/entries/1/reversal`, {
      reason,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('reversal_not_allowed');
    expect(await orderState(order.id)).toBe('shipped');
    // the transfer reversed first: the tokens are back, and the mint can go
    const back = await admin(t.app, token).post(`/bonds/${product.code}/register/entries/2/reversal`, {
      reason,
    });
    expect(back.body).toMatchObject({ sequence: 3, from: { uuid: other.uuid }, to: { uuid: buyer.uuid } });
    const mint = await admin(t.app, token).post(`/bonds/${product.code}/register/entries/1/reversal`, {
      reason,
    });
    expect(mint.status).toBe(201);
    const register = await admin(t.app, token).get(`/bonds/${product.code}/register`);
    expect(register.body).toMatchObject({ head: { lastSequence: 4, minted: 0 }, check: { ok: true } });
  });

  it('needs a reason of 10 to 2000 characters and a known entry', async () => {
    const { product } = await seedBond(t.app.db);
    const holder = await seedCustomer(t.app.db);
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: holder.id,
      amount: 5,
      cause: { type: 'order', orderId: 'z' },
    });
    const url = `/bonds/${product.code}/register/entries/1/reversal`;
    expect((await admin(t.app, token).post(url, {})).status).toBe(422);
    expect((await admin(t.app, token).post(url, { reason: 'zu kurz' })).status).toBe(422);
    expect((await admin(t.app, token).post(url, { reason: 'x'.repeat(2001) })).status).toBe(422);
    expect(
      (await admin(t.app, token).post(`/bonds/${product.code}/register/entries/7/reversal`, { reason }))
        .status,
    ).toBe(404);
    expect(
      (await admin(t.app, token).post(`/bonds/NOPE/register/entries/1/reversal`, { reason })).status,
    ).toBe(404);
    expect((await admin(t.app, token).get(`/bonds/${product.code}/register/entries`)).body).toHaveLength(1);
  });
});

describe('the whitelist (GET, POST, DELETE whitelist)', () => {
  const del = (path: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v2/admin${path}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('admits approved investors with a wallet by e-mail or uuid, lists who added them, and removes them', async () => {
    const { product } = await seedBond(t.app.db, { whitelisting: true });
    const investor = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const added = await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, {
      customer: investor.email.toUpperCase(),
      source: 'email_request',
      reason: 'Anfrage per E-Mail vom 3. März',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      customer: { uuid: investor.uuid, email: investor.email, isProfessional: false },
      source: 'email_request',
      addedBy: { name: 'Olivia Prüfer' },
      balance: 0,
    });
    const again = await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, {
      customer: investor.uuid,
    });
    expect(again.status).toBe(200);
    const list = await admin(t.app, token).get(`/bonds/${product.code}/whitelist`);
    expect(list.body).toHaveLength(1);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(eq(complianceAuditLog.customerId, investor.id));
    expect(audit.map((a) => [a.action, a.actorId, a.reason])).toEqual([
      ['bond_whitelist_added', operatorId, 'Anfrage per E-Mail vom 3. März'],
    ]);

    const removed = await del(`/bonds/${product.code}/whitelist/${investor.uuid}?reason=Auf%20Wunsch`);
    expect(removed.statusCode).toBe(204);
    expect((await admin(t.app, token).get(`/bonds/${product.code}/whitelist`)).body).toEqual([]);
    expect((await del(`/bonds/${product.code}/whitelist/${investor.uuid}`)).statusCode).toBe(404);
  });

  it('refuses unknown, unapproved and wallet-less investors, and non-professionals on a professional-only bond', async () => {
    const { product } = await seedBond(t.app.db);
    const pro = await seedBond(t.app.db, { professionalOnly: true });
    const unknown = await admin(t.app, token, 'en').post(`/bonds/${product.code}/whitelist`, {
      customer: 'niemand@example.com',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('whitelist_investor_unknown');
    const pending = await seedInvestor(t.app.db, {
      appSecret: t.config.appSecret,
      kyc: 'approved',
      wallet: true,
    });
    const noWallet = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await t.app.db.execute(sql`delete from wallets where customer_id = ${noWallet.id}`);
    for (const who of [pending, noWallet]) {
      const res = await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, { customer: who.uuid });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('whitelist_investor_not_approved');
    }
    const retail = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const refused = await admin(t.app, token).post(`/bonds/${pro.product.code}/whitelist`, {
      customer: retail.uuid,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('whitelist_professional_only');
    const professional = await seedBuyer(t.app.db, {
      appSecret: t.config.appSecret,
      roles: ['professional_investor'],
    });
    const ok = await admin(t.app, token).post(`/bonds/${pro.product.code}/whitelist`, {
      customer: professional.email,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ customer: { isProfessional: true } });
  });

  it('counts holders and whitelisted investors against the investor limit; a holder cannot be removed', async () => {
    const { product, variant } = await seedBond(t.app.db, { investorLimit: 2 });
    const holder = await paidOrder(t, { variant, quantity: 100 });
    await mintConfirmed(product.id, holder.order, 100);
    const first = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const second = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    expect(
      (await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, { customer: first.uuid })).status,
    ).toBe(201);
    const full = await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, {
      customer: second.uuid,
    });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('whitelist_investor_limit_reached');
    // the holder already has a seat: admitting them takes none
    const seated = await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, {
      customer: holder.buyer.uuid,
    });
    expect(seated.status).toBe(201);
    expect(seated.body).toMatchObject({ balance: 100 });
    const keep = await del(`/bonds/${product.code}/whitelist/${holder.buyer.uuid}`);
    expect(keep.statusCode).toBe(409);
    expect(keep.json().code).toBe('whitelist_investor_holds_tokens');
    // a seat freed by removal admits the next
    expect((await del(`/bonds/${product.code}/whitelist/${first.uuid}`)).statusCode).toBe(204);
    expect(
      (await admin(t.app, token).post(`/bonds/${product.code}/whitelist`, { customer: second.uuid })).status,
    ).toBe(201);
  });
});
