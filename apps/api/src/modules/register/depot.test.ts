import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { orders, registrarInstructions, tokenTransfers } from '../../db/schema/index.ts';
import { type CustomerRow, seedOrder } from '../../db/seed/factories.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { appendRegisterEntry } from './journal.service.ts';
import {
  appendConfirmed,
  mintConfirmed,
  paidOrder,
  registerBond,
  registerInvestor,
} from './register.test-kit.ts';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

const short = (address: string) => `${address.slice(0, 5)}…${address.slice(-4)}`;
const investor = () => registerInvestor(t);

/** A bond with the terms the depot shows and a named tranche. */
const bond = () =>
  registerBond(t, {
    variant: { totalSupply: 100_000, names: { de: 'Tranche A', en: 'Tranche A (en)' } },
    terms: { nominalCents: 10_000, coupon: '5.50', maturity: '2031-06-30' },
  });

/** A paid order of `n` tokens by `buyer`. */
const ordered = async (buyer: CustomerRow, variant: Awaited<ReturnType<typeof bond>>['variant'], n: number) =>
  (await paidOrder(t, { buyer, variant, quantity: n })).order;

const mintFor = (productId: number, customerId: number, orderId: number, amount: number) =>
  mintConfirmed(db, {
    productId,
    customerId,
    orderId,
    amount,
    transactionHash: `0x${String(orderId).padStart(64, '0')}`,
  });

describe('GET token-assets (the depot)', () => {
  it('shows minted, not yet minted and pending outgoing tokens per bond, with nominal, coupon and maturity', async () => {
    const anna = await investor();
    const ben = await investor();
    const { product, variant } = await bond();
    // Paid 50 (30 minted, 20 not yet), and 7 more paid, not minted at all.
    const first = await ordered(anna.row, variant, 50);
    const second = await ordered(anna.row, variant, 7);
    await mintFor(product.id, anna.row.id, first.id, 30);
    await db.update(orders).set({ shippingState: 'partially_shipped' }).where(eq(orders.id, first.id));
    // An unpaid order shows nothing.
    await seedOrder(db, { customerId: anna.row.id, variant, quantity: 99, state: 'completed' });

    const before = await anna.api.get('/token-assets?locale=en');
    expect(before.status).toBe(200);
    expect(before.body).toEqual([
      {
        product: { id: product.id, code: product.code, name: `Test bond ${product.code}` },
        productVariant: { code: variant.code, name: 'Tranche A (en)', editionNumber: null },
        amount: 57,
        minted: 30,
        notMinted: 27,
        pendingOutgoing: 0,
        nominalPerTokenCents: 10_000,
        mintedNominalCents: 300_000,
        coupon: '5.50',
        maturityDate: '2031-06-30',
        nextPaymentDate: null,
      },
    ]);
    expect(second.id).toBeGreaterThan(first.id);

    // A transfer of 10 is pending: still minted, and pending outgoing.
    const code = await anna.code();
    const sent = await anna.api.post('/token/transfer', {
      fromWalletId: anna.walletId,
      productVariant: variant.code,
      amount: 10,
      beneficiary: ben.row.email,
      code,
    });
    expect(sent.status).toBe(202);
    const pending = await anna.api.get('/token-assets');
    expect(pending.body).toEqual([
      expect.objectContaining({ minted: 30, notMinted: 27, pendingOutgoing: 10 }),
    ]);
    expect((await ben.api.get('/token-assets')).body).toEqual([]);

    // The registrar confirms: the tokens move; the receiver's depot shows them.
    const id = sent.body.id as number;
    const [instruction] = await db
      .select()
      .from(registrarInstructions)
      .where(eq(registrarInstructions.idempotencyKey, `transfer-${id}`));
    await db.transaction(async (tx) => {
      await appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'transfer',
        fromCustomerId: anna.row.id,
        toCustomerId: ben.row.id,
        amount: 10,
        cause: { type: 'transfer_request', transferId: String(id) },
        settlesPending: 10,
        instructionId: instruction!.id,
        transactionHash: `0x${'cd'.repeat(32)}`,
        fromAddress: anna.address,
        toAddress: ben.address,
      });
      await tx
        .update(tokenTransfers)
        .set({ status: 'confirmed', decidedAt: new Date() })
        .where(eq(tokenTransfers.id, id));
    });
    const after = await anna.api.get('/token-assets');
    expect(after.body).toEqual([
      expect.objectContaining({ amount: 47, minted: 20, notMinted: 27, pendingOutgoing: 0 }),
    ]);
    expect((await ben.api.get('/token-assets')).body).toEqual([
      expect.objectContaining({ amount: 10, minted: 10, notMinted: 0, mintedNominalCents: 100_000 }),
    ]);

    // JSON-LD: a Hydra collection.
    const ld = await t.app.inject({
      url: '/api/v2/shop/token-assets',
      headers: { authorization: `Bearer ${anna.token}`, accept: 'application/ld+json' },
    });
    expect(ld.json()).toMatchObject({ 'hydra:totalItems': 1, 'hydra:member': [{ '@type': 'TokenAsset' }] });
    expect((await shop(t.app).get('/token-assets')).status).toBe(401);
  });
});

describe('GET token-assets after a correction', () => {
  it('counts the tokens of a reversed mint as not minted again', async () => {
    const anna = await investor();
    const { product, variant } = await bond();
    const order = await ordered(anna.row, variant, 10);
    const mint = await mintFor(product.id, anna.row.id, order.id, 10);
    await db.update(orders).set({ shippingState: 'partially_shipped' }).where(eq(orders.id, order.id));
    expect((await anna.api.get('/token-assets')).body).toEqual([
      expect.objectContaining({ amount: 10, minted: 10, notMinted: 0 }),
    ]);
    await appendConfirmed(db, {
      productId: product.id,
      kind: 'reversal',
      reversedKind: 'mint',
      fromCustomerId: anna.row.id,
      toCustomerId: null,
      amount: 10,
      cause: { type: 'correction', reason: 'Doppelt gebucht', reverses: mint.sequence },
    });
    expect((await anna.api.get('/token-assets')).body).toEqual([
      expect.objectContaining({ amount: 10, minted: 0, notMinted: 10 }),
    ]);
  });
});

describe('GET register-entries?product=CODE', () => {
  it('lists the investor’s entries and pending transfers, newest first, paged, with shortened counterparties', async () => {
    const anna = await investor();
    const ben = await investor();
    const { product, variant } = await bond();
    const order = await ordered(anna.row, variant, 20);
    await mintFor(product.id, anna.row.id, order.id, 20);
    // Ben's own mint does not concern Anna.
    const bens = await ordered(ben.row, variant, 5);
    await mintFor(product.id, ben.row.id, bens.id, 5);
    await db.transaction((tx) =>
      appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'transfer',
        fromCustomerId: anna.row.id,
        toCustomerId: ben.row.id,
        amount: 3,
        cause: { type: 'transfer_request', transferId: '9001' },
        transactionHash: `0x${'ef'.repeat(32)}`,
        fromAddress: anna.address,
        toAddress: ben.address,
      }),
    );
    // The transfer reversed (the operator's correction): its line shows `reversed`.
    await db.transaction((tx) =>
      appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'reversal',
        fromCustomerId: ben.row.id,
        toCustomerId: anna.row.id,
        amount: 3,
        reversedKind: 'transfer',
        cause: { type: 'correction', reason: 'Irrtum', reverses: 3 },
      }),
    );
    const sent = await anna.api.post('/token/transfer', {
      fromWalletId: anna.walletId,
      product: product.code,
      amount: 2,
      beneficiary: ben.address,
      code: await anna.code(),
    });
    expect(sent.status).toBe(202);

    const res = await anna.api.get(`/register-entries?product=${product.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        sequence: null,
        kind: 'transfer',
        amount: 2,
        direction: 'out',
        counterparty: short(ben.address),
        status: 'pending',
      }),
      expect.objectContaining({ sequence: 4, kind: 'reversal', direction: 'in', status: 'confirmed' }),
      expect.objectContaining({
        sequence: 3,
        kind: 'transfer',
        direction: 'out',
        counterparty: short(ben.address),
        transactionHash: `0x${'ef'.repeat(32)}`,
        status: 'reversed',
      }),
      expect.objectContaining({ sequence: 1, kind: 'mint', direction: 'in', counterparty: null, amount: 20 }),
    ]);
    // Ben sees the pending transfer as incoming.
    const bensView = await ben.api.get(`/register-entries?product=${product.code}`);
    expect(bensView.body).toEqual([
      expect.objectContaining({ sequence: null, direction: 'in', counterparty: short(anna.address) }),
      expect.objectContaining({ sequence: 4, direction: 'out' }),
      expect.objectContaining({ sequence: 3, direction: 'in', counterparty: short(anna.address) }),
      expect.objectContaining({ sequence: 2, kind: 'mint' }),
    ]);

    // Paged across the pending line and the journal: 2 per page.
    const ld = (page: number) =>
      t.app.inject({
        url: `/api/v2/shop/register-entries?product=${product.code}&itemsPerPage=2&page=${page}`,
        headers: { authorization: `Bearer ${anna.token}`, accept: 'application/ld+json' },
      });
    const p1 = (await ld(1)).json();
    const p2 = (await ld(2)).json();
    expect(p1['hydra:totalItems']).toBe(4);
    expect(p1['hydra:member'].map((m: { sequence: number | null }) => m.sequence)).toEqual([null, 4]);
    expect(p2['hydra:member'].map((m: { sequence: number | null }) => m.sequence)).toEqual([3, 1]);
    expect(p1['hydra:member'][1]['@id']).toBe(`/api/v2/shop/products/${product.code}/register-entries/4`);

    // Someone else's view of the bond holds none of Anna's lines; an unknown bond is 404.
    const stranger = await investor();
    expect((await stranger.api.get(`/register-entries?product=${product.code}`)).body).toEqual([]);
    expect((await anna.api.get('/register-entries?product=NO_SUCH_BOND')).status).toBe(404);
    expect((await anna.api.get('/register-entries')).status).toBe(400);
  });
});

describe('GET products/{code} transactions', () => {
  it('lists the confirmed registrar transactions, newest first, and a new one changes the ETag', async () => {
    const anna = await investor();
    const { product, variant } = await bond();
    const before = await t.app.inject({ url: `/api/v2/shop/products/${product.code}` });
    expect(before.json().transactions).toEqual([]);
    const etag = before.headers.etag as string;

    const order = await ordered(anna.row, variant, 5);
    await mintFor(product.id, anna.row.id, order.id, 5);
    // An entry without the registrar's confirmation (no hash) is not a transaction.
    await db.transaction((tx) =>
      appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'burn',
        fromCustomerId: anna.row.id,
        toCustomerId: null,
        amount: 1,
        cause: { type: 'redemption', reference: 'R-1' },
      }),
    );
    const res = await t.app.inject({
      url: `/api/v2/shop/products/${product.code}`,
      headers: { 'if-none-match': etag },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().transactions).toEqual([
      { hash: `0x${String(order.id).padStart(64, '0')}`, fromAddress: null, toAddress: null },
    ]);
    // Lists do not carry them.
    const list = await t.app.inject({
      url: `/api/v2/shop/products?name=${product.code}`,
      headers: { accept: 'application/json' },
    });
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as { code: string; transactions?: unknown }[]).find(
      (p) => p.code === product.code,
    );
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('transactions');
  });
});
