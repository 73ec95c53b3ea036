import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  bondWhitelist,
  orders,
  partnerEvents,
  productVariants,
  registerEntries,
  registerHoldings,
  registrarInstructions,
  sandboxRegistrarInstructions,
  tokenTransfers,
  wallets,
} from '../../db/schema/index.ts';
import { seedBond, seedBuyer, seedOrder } from '../../db/seed/factories.ts';
import {
  sandboxRegistrarWebhookPath,
  sandboxRegistrarWebhookSecret,
} from '../../partners/registrar/create-registrar.ts';
import { sandboxSignatureHeader, signWebhook } from '../../partners/webhook-signatures.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type QueueInstruction, queueInstruction } from './instructions.service.ts';
import { applyRegistrarEvent } from './registrar-events.service.ts';

/*
 * The registrar's answers end to end on the sandbox registrar (issue 16): instruction queued, the
 * submit job hands it over, the sandbox answers after its delay by signed webhook, the event job
 * books it in the journal and moves the order or the transfer.
 */

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

const queue = (input: QueueInstruction) => db.transaction((tx) => queueInstruction(tx, input));

async function paidOrder(opts: { quantity: number; supply?: number; whitelisting?: boolean }) {
  const buyer = await seedBuyer(db, { appSecret: t.config.appSecret });
  const { product, variant } = await seedBond(db, {
    whitelisting: opts.whitelisting ?? false,
    variant: { totalSupply: opts.supply ?? 1_000 },
  });
  const { order } = await seedOrder(db, {
    customerId: buyer.id,
    variant: variant!,
    quantity: opts.quantity,
    state: 'completed',
    paymentState: 'paid',
  });
  return { buyer, product, variant: variant!, order };
}

const mintFor = (
  o: { buyer: { id: number }; product: { id: number }; order: { id: number } },
  amount: number,
  key = `mint-order-${o.order.id}`,
) =>
  queue({
    productId: o.product.id,
    kind: 'mint',
    fromCustomerId: null,
    toCustomerId: o.buyer.id,
    amount,
    cause: { type: 'order', orderId: String(o.order.id) },
    idempotencyKey: key,
  });

const instructionOf = async (id: number) =>
  (await db.select().from(registrarInstructions).where(eq(registrarInstructions.id, id)))[0]!;
const orderOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const entriesOf = (productId: number) =>
  db
    .select()
    .from(registerEntries)
    .where(eq(registerEntries.productId, productId))
    .orderBy(registerEntries.sequence);
const holdingOf = async (productId: number, customerId: number) =>
  (
    await db
      .select()
      .from(registerHoldings)
      .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)))
  )[0];
const walletOf = async (customerId: number) =>
  (await db.select().from(wallets).where(eq(wallets.customerId, customerId)))[0]!;
const partnerEventCount = async () =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from partner_events`)).rows[0]!.n;

/** Posts a registrar event as the sandbox would sign it (or with `secret`). */
function postEvent(body: object, secret = sandboxRegistrarWebhookSecret(t.config.appSecret)) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: sandboxRegistrarWebhookPath,
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signWebhook(secret, raw) },
    payload: raw,
  });
}

const confirmedBody = (key: string, opts: { id: string; amount: number; toAddress: string }) => ({
  id: opts.id,
  type: 'instruction.confirmed',
  created: new Date().toISOString(),
  data: {
    key,
    kind: 'mint',
    transactionHash: `0x${'ab'.repeat(32)}`,
    blockNumber: 99,
    blockTime: new Date().toISOString(),
    fromAddress: null,
    toAddress: opts.toAddress,
    amount: opts.amount,
    reason: null,
  },
});

describe('a paid order minted through the sandbox registrar', () => {
  it('stays pending until the late confirmation is booked, then is shipped with its tokens in the journal', async () => {
    const o = await paidOrder({ quantity: 400, whitelisting: true });
    const { instruction } = await mintFor(o, 400);
    await t.jobs.drain();
    // Handed over, not yet confirmed: the sandbox answers after REGISTRAR_SANDBOX_CONFIRM_AFTER_MS.
    const sent = await instructionOf(instruction.id);
    expect(sent.status).toBe('submitted');
    expect(sent.sentAt).not.toBeNull();
    expect((await orderOf(o.order.id)).shippingState).toBe('ready');
    expect(await entriesOf(o.product.id)).toHaveLength(0);

    await t.jobs.drain({ includeDelayed: true });
    const confirmed = await instructionOf(instruction.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await orderOf(o.order.id)).shippingState).toBe('shipped');
    const [entry, ...more] = await entriesOf(o.product.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      kind: 'mint',
      toCustomerId: o.buyer.id,
      amount: 400,
      instructionId: instruction.id,
      transactionHash: confirmed.transactionHash,
      toAddress: (await walletOf(o.buyer.id)).address,
    });
    expect(entry!.blockTime).toBeInstanceOf(Date);
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, o.variant.id));
    expect(variant).toMatchObject({ onHand: 600, onHold: 0 });
    const [listed] = await db
      .select()
      .from(bondWhitelist)
      .where(and(eq(bondWhitelist.productId, o.product.id), eq(bondWhitelist.customerId, o.buyer.id)));
    expect(listed?.source).toBe('subscription');
  });

  it('is partially shipped while only part of its tokens are minted', async () => {
    const o = await paidOrder({ quantity: 400 });
    await mintFor(o, 150, `mint-order-${o.order.id}-1`);
    await t.jobs.drain({ includeDelayed: true });
    expect((await orderOf(o.order.id)).shippingState).toBe('partially_shipped');
    await mintFor(o, 250, `mint-order-${o.order.id}-2`);
    await t.jobs.drain({ includeDelayed: true });
    expect((await orderOf(o.order.id)).shippingState).toBe('shipped');
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, o.variant.id));
    expect(variant).toMatchObject({ onHand: 600, onHold: 0 });
  });

  it('books a confirmation arriving twice once; a replayed event id is a duplicate', async () => {
    const o = await paidOrder({ quantity: 100 });
    const { instruction } = await mintFor(o, 100);
    await t.jobs.drain({ includeDelayed: true });
    expect(await entriesOf(o.product.id)).toHaveLength(1);
    const address = (await walletOf(o.buyer.id)).address;

    // The registrar confirms again under a new event id: recorded, not booked.
    const again = confirmedBody(instruction.idempotencyKey, {
      id: `evt_again_${o.order.id}`,
      amount: 100,
      toAddress: address,
    });
    const first = await postEvent(again);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await postEvent(again);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    await t.jobs.drain({ includeDelayed: true });
    expect(await entriesOf(o.product.id)).toHaveLength(1);
    const [recorded] = await db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, `evt_again_${o.order.id}`));
    expect(recorded?.processedAt).not.toBeNull();
    expect(recorded?.error).toBe('instruction already confirmed');
    expect((await holdingOf(o.product.id, o.buyer.id))?.balance).toBe(100);
  });

  it('books two confirmations arriving at once a single time', async () => {
    const o = await paidOrder({ quantity: 100 });
    const { instruction } = await mintFor(o, 100);
    const event = (eventId: string) => ({
      eventId,
      type: 'instruction.confirmed' as const,
      key: instruction.idempotencyKey,
      transactionHash: `0x${'ef'.repeat(32)}`,
      blockTime: new Date().toISOString(),
      fromAddress: null,
      toAddress: null,
      amount: 100,
      reason: null,
    });
    const outcomes = await Promise.all(
      ['evt_race_1', 'evt_race_2', 'evt_race_3'].map((id) => applyRegistrarEvent({ db, event: event(id) })),
    );
    expect(outcomes.sort()).toEqual(['already_decided', 'already_decided', 'confirmed']);
    expect(await entriesOf(o.product.id)).toHaveLength(1);
    expect((await holdingOf(o.product.id, o.buyer.id))?.balance).toBe(100);
    expect((await orderOf(o.order.id)).shippingState).toBe('shipped');
    // The sandbox's own answer comes later and is ignored as well.
    await t.jobs.drain({ includeDelayed: true });
    expect(await entriesOf(o.product.id)).toHaveLength(1);
  });

  it('retries the submission while the registrar is down, with the same key', async () => {
    const o = await paidOrder({ quantity: 100 });
    const { instruction } = await mintFor(o, 100);
    const registrar = t.partners.registrar;
    const submit = registrar.submit;
    registrar.submit = async () => {
      throw new Error('registrar unreachable');
    };
    try {
      await t.jobs.drain();
    } finally {
      registrar.submit = submit;
    }
    expect(await instructionOf(instruction.id)).toMatchObject({ status: 'submitted', sentAt: null });
    const { rows } = await db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'registrar.submit' and (data->>'instructionId')::int = ${instruction.id}`,
    );
    expect(rows.map((r) => r.state)).toEqual(['retry']);
    await t.jobs.drain({ includeDelayed: true });
    expect((await instructionOf(instruction.id)).status).toBe('confirmed');
    expect(await entriesOf(o.product.id)).toHaveLength(1);
  });

  it('keeps an instruction the registrar never answers submitted and visible', async () => {
    const o = await paidOrder({ quantity: 100 });
    const { instruction } = await mintFor(o, 100);
    await t.jobs.drain();
    expect((await instructionOf(instruction.id)).status).toBe('submitted');
    expect((await orderOf(o.order.id)).shippingState).toBe('ready');
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/registrar?locale=en' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-key="${instruction.idempotencyKey}"`);
    // Leave it answered for the next tests' drains.
    await t.jobs.drain({ includeDelayed: true });
  });

  it('books nothing when the registrar refuses a mint; the order stays ready', async () => {
    const o = await paidOrder({ quantity: 100 });
    const { instruction } = await mintFor(o, 100);
    await t.jobs.drain();
    const [sandboxRow] = await db
      .select()
      .from(sandboxRegistrarInstructions)
      .where(eq(sandboxRegistrarInstructions.key, instruction.idempotencyKey));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/sandbox/registrar/instructions/${sandboxRow!.id}?locale=de`,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=refuse&reason=Emission+gestoppt',
    });
    expect(refused.statusCode).toBe(303);
    await t.jobs.drain({ includeDelayed: true });
    const row = await instructionOf(instruction.id);
    expect(row).toMatchObject({ status: 'refused', refusalReason: 'Emission gestoppt' });
    expect(await entriesOf(o.product.id)).toHaveLength(0);
    expect((await orderOf(o.order.id)).shippingState).toBe('ready');
  });

  it('fails loudly when the journal refuses the confirmed entry: the instruction stays submitted', async () => {
    // The registrar books more than the bond's issue volume: the journal refuses, nothing is written.
    const o = await paidOrder({ quantity: 100, supply: 100 });
    const { instruction } = await mintFor(o, 150);
    await t.jobs.drain({ includeDelayed: true });
    expect((await instructionOf(instruction.id)).status).toBe('submitted');
    expect(await entriesOf(o.product.id)).toHaveLength(0);
    const { rows } = await db.execute<{ state: string; output: { message?: string } | null }>(
      sql`select state, output from pgboss.job where name = 'registrar.event' and data->>'partnerEventId' = (
        select id::text from partner_events where payload->'event'->>'key' = ${instruction.idempotencyKey})`,
    );
    expect(rows[0]?.state).toBe('failed');
  });
});

describe('a transfer through the sandbox registrar', () => {
  async function holderWithTokens() {
    const o = await paidOrder({ quantity: 500 });
    await mintFor(o, 500);
    await t.jobs.drain({ includeDelayed: true });
    const receiver = await seedBuyer(db, { appSecret: t.config.appSecret });
    return { ...o, receiver };
  }

  /** A pending transfer as the transfers service holds it: the row, `pending_out`, the instruction. */
  async function transfer(o: Awaited<ReturnType<typeof holderWithTokens>>, amount: number) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tokenTransfers)
        .values({
          productId: o.product.id,
          variantId: o.variant.id,
          senderId: o.buyer.id,
          receiverId: o.receiver.id,
          amount,
          beneficiary: o.receiver.email,
        })
        .returning();
      await tx
        .update(registerHoldings)
        .set({ pendingOut: sql`${registerHoldings.pendingOut} + ${amount}` })
        .where(
          and(eq(registerHoldings.productId, o.product.id), eq(registerHoldings.customerId, o.buyer.id)),
        );
      const { instruction } = await queueInstruction(tx, {
        productId: o.product.id,
        kind: 'transfer',
        fromCustomerId: o.buyer.id,
        toCustomerId: o.receiver.id,
        amount,
        cause: { type: 'transfer_request', transferId: String(row!.id) },
        idempotencyKey: `transfer-${row!.id}`,
      });
      await tx
        .update(tokenTransfers)
        .set({ instructionId: instruction.id })
        .where(eq(tokenTransfers.id, row!.id));
      return { transferId: row!.id, instruction };
    });
  }

  const transferOf = async (id: number) =>
    (await db.select().from(tokenTransfers).where(eq(tokenTransfers.id, id)))[0]!;

  it("stays pending until confirmed, then settles the sender's held tokens", async () => {
    const o = await holderWithTokens();
    const { transferId, instruction } = await transfer(o, 200);
    await t.jobs.drain();
    expect((await transferOf(transferId)).status).toBe('pending');
    expect(await holdingOf(o.product.id, o.buyer.id)).toMatchObject({ balance: 500, pendingOut: 200 });
    await t.jobs.drain({ includeDelayed: true });
    expect((await transferOf(transferId)).status).toBe('confirmed');
    expect(await holdingOf(o.product.id, o.buyer.id)).toMatchObject({ balance: 300, pendingOut: 0 });
    expect(await holdingOf(o.product.id, o.receiver.id)).toMatchObject({ balance: 200, pendingOut: 0 });
    const entries = await entriesOf(o.product.id);
    expect(entries.at(-1)).toMatchObject({
      kind: 'transfer',
      instructionId: instruction.id,
      fromAddress: (await walletOf(o.buyer.id)).address,
      toAddress: (await walletOf(o.receiver.id)).address,
    });
  });

  it('refused: the transfer is refused and the held tokens released, nothing in the journal', async () => {
    const o = await holderWithTokens();
    // The receiver has no custodial wallet: the instruction names no address and the registrar refuses.
    await db.update(wallets).set({ type: 'private' }).where(eq(wallets.customerId, o.receiver.id));
    const { transferId, instruction } = await transfer(o, 200);
    await t.jobs.drain({ includeDelayed: true });
    expect(await instructionOf(instruction.id)).toMatchObject({
      status: 'refused',
      refusalReason: 'address_missing',
    });
    expect(await transferOf(transferId)).toMatchObject({
      status: 'refused',
      refusalReason: 'address_missing',
    });
    expect(await holdingOf(o.product.id, o.buyer.id)).toMatchObject({ balance: 500, pendingOut: 0 });
    expect(await entriesOf(o.product.id)).toHaveLength(1);
  });

  it('ignores a confirmation arriving after a refusal, and one for an unknown key', async () => {
    const o = await holderWithTokens();
    await db.update(wallets).set({ type: 'private' }).where(eq(wallets.customerId, o.receiver.id));
    const { instruction } = await transfer(o, 100);
    await t.jobs.drain({ includeDelayed: true });
    expect((await instructionOf(instruction.id)).status).toBe('refused');
    const late = await applyRegistrarEvent({
      db,
      event: {
        eventId: 'evt_late',
        type: 'instruction.confirmed',
        key: instruction.idempotencyKey,
        transactionHash: `0x${'cd'.repeat(32)}`,
        blockTime: new Date().toISOString(),
        fromAddress: null,
        toAddress: null,
        amount: 100,
        reason: null,
      },
    });
    expect(late).toBe('already_decided');
    expect(await entriesOf(o.product.id)).toHaveLength(1);
    const unknown = await postEvent(
      confirmedBody('no-such-key', { id: 'evt_unknown_key', amount: 1, toAddress: '0x0' }),
    );
    expect(unknown.statusCode).toBe(200);
    await t.jobs.drain();
    const [recorded] = await db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_unknown_key'));
    expect(recorded).toMatchObject({ error: 'unknown instruction' });
    expect(recorded?.processedAt).not.toBeNull();
  });
});

describe('the registrar webhook', () => {
  it('refuses a bad signature and records nothing', async () => {
    const before = await partnerEventCount();
    const body = confirmedBody('mint-order-1', { id: 'evt_forged', amount: 1, toAddress: '0x0' });
    const forged = await postEvent(body, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'webhook_signature_invalid' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: sandboxRegistrarWebhookPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await partnerEventCount()).toBe(before);
  });
});
