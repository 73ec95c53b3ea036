import { AppError, notFound } from '@token/domain/errors';
import { isOrderPaid, type ShippingState } from '@token/domain/orders';
import {
  type MintingOrderView,
  type MintingPreviewView,
  type MintingQueuedView,
  type MintingRefusalView,
  type MintingRetryView,
  type MintingRunView,
  shippingMoveForMinted,
} from '@token/domain/register';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import {
  customers,
  orderItems,
  orders,
  productVariants,
  registrarInstructions,
  wallets,
} from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { type BondRow, getBond, partyColumns, partyOf } from './bond-lookup.ts';
import { queueInstruction } from './instructions.service.ts';

/*
 * The operator's minting batch (issue 16, decision 016 "Operator"): the bond's paid orders whose
 * tokens are not (wholly) in the register, and a run that queues one mint instruction per order with
 * tokens left, all in one transaction under the bond's minting lock. The order's shipping state and
 * the stock move when the registrar confirms (`followOrderMinting`), not when the batch runs.
 */

/** pg_advisory_xact_lock(class, bond id): one minting run per bond at a time (issue 16). */
const mintingLockClass = 16_001;

type ShippingOpen = 'ready' | 'partially_shipped';
const openShipping: ShippingOpen[] = ['ready', 'partially_shipped'];

/** The orders of the batch with where each stands (paid, shipping ready or partially shipped). */
async function mintingOrders(db: Db, bond: BondRow, onlyOrderId?: number): Promise<MintingOrderView[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      tokenValue: orders.tokenValue,
      checkoutState: orders.checkoutState,
      paymentState: orders.paymentState,
      shippingState: orders.shippingState,
      quantity: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      minted: mintedTokensOf(orders.id),
      hasWallet: sql<boolean>`exists (select 1 from ${wallets} where ${wallets.customerId} = ${orders.customerId} and ${wallets.type} = 'custody')`,
      customer: partyColumns(customers),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.productId, bond.id),
        eq(orders.checkoutState, 'completed'),
        inArray(orders.shippingState, openShipping),
        onlyOrderId === undefined ? undefined : eq(orders.id, onlyOrderId),
      ),
    )
    .orderBy(asc(orders.id));
  const paid = rows.filter((r) => isOrderPaid(r));
  if (paid.length === 0) return [];

  const open = await db
    .select({
      orderId: sql<string>`${registrarInstructions.cause}->>'orderId'`,
      amount: sql<number>`sum(${registrarInstructions.amount})::int`,
    })
    .from(registrarInstructions)
    .where(
      and(
        eq(registrarInstructions.productId, bond.id),
        eq(registrarInstructions.kind, 'mint'),
        eq(registrarInstructions.status, 'submitted'),
      ),
    )
    .groupBy(sql`${registrarInstructions.cause}->>'orderId'`);
  const inInstructions = new Map(open.map((o) => [o.orderId, o.amount]));
  const { refusals, latest } = await refusalsOf(
    db,
    bond.id,
    paid.map((r) => String(r.id)),
  );

  return paid.map((r) => {
    const done = r.minted;
    const queued = inInstructions.get(String(r.id)) ?? 0;
    const remaining = Math.max(0, r.quantity - done - queued);
    const refused = refusals.get(String(r.id)) ?? [];
    // The order's newest mint instruction was refused: the operator reads why and retries it.
    const isRefused =
      remaining > 0 && refused.length > 0 && latest.get(String(r.id)) === refused[0]!.instruction;
    const status = isRefused
      ? 'refused'
      : remaining > 0
        ? r.hasWallet
          ? 'mintable'
          : 'blocked'
        : queued > 0
          ? 'queued'
          : 'minted';
    return {
      order: { id: r.id, number: r.number, tokenValue: r.tokenValue },
      shippingState: r.shippingState as ShippingOpen,
      quantity: r.quantity,
      minted: done,
      inInstructions: queued,
      remaining,
      investor: { ...partyOf(r.customer), hasWallet: r.hasWallet },
      status,
      blockedReason: status === 'blocked' ? 'no_wallet' : null,
      refusals: refused,
    };
  });
}

/**
 * The registrar's refusals of these orders' mint instructions (newest first), and the uuid of each
 * order's newest mint instruction (refused or not).
 */
async function refusalsOf(db: Db, productId: number, orderIds: string[]) {
  const refusals = new Map<string, MintingRefusalView[]>();
  const latest = new Map<string, string>();
  if (orderIds.length === 0) return { refusals, latest };
  const orderIdSql = sql<string>`${registrarInstructions.cause}->>'orderId'`;
  const rows = await db
    .select({
      orderId: orderIdSql,
      uuid: registrarInstructions.uuid,
      idempotencyKey: registrarInstructions.idempotencyKey,
      amount: registrarInstructions.amount,
      status: registrarInstructions.status,
      refusalReason: registrarInstructions.refusalReason,
      decidedAt: registrarInstructions.decidedAt,
    })
    .from(registrarInstructions)
    .where(
      and(
        eq(registrarInstructions.productId, productId),
        eq(registrarInstructions.kind, 'mint'),
        sql`${registrarInstructions.cause}->>'type' = 'order'`,
        inArray(orderIdSql, orderIds),
      ),
    )
    .orderBy(desc(registrarInstructions.id));
  for (const r of rows) {
    if (!latest.has(r.orderId)) latest.set(r.orderId, r.uuid);
    if (r.status !== 'refused') continue;
    refusals.set(r.orderId, [
      ...(refusals.get(r.orderId) ?? []),
      {
        instruction: r.uuid,
        idempotencyKey: r.idempotencyKey,
        amount: r.amount,
        reason: r.refusalReason ?? 'refused',
        refusedAt: r.decidedAt?.toISOString() ?? null,
      },
    ]);
  }
  return { refusals, latest };
}

function previewOf(bond: BondRow, items: MintingOrderView[]): MintingPreviewView {
  const sum = (pick: (o: MintingOrderView) => number, of = items) => of.reduce((n, o) => n + pick(o), 0);
  const mintable = items.filter((o) => o.status === 'mintable');
  const blocked = items.filter((o) => o.status === 'blocked');
  const refused = items.filter((o) => o.status === 'refused');
  return {
    product: bond.code,
    orders: items,
    totals: {
      orders: items.length,
      quantity: sum((o) => o.quantity),
      minted: sum((o) => o.minted),
      inInstructions: sum((o) => o.inInstructions),
      remaining: sum((o) => o.remaining),
      mintableOrders: mintable.length,
      mintableTokens: sum((o) => o.remaining, mintable),
      blockedOrders: blocked.length,
      blockedTokens: sum((o) => o.remaining, blocked),
      refusedOrders: refused.length,
      refusedTokens: sum((o) => o.remaining, refused),
    },
  };
}

/** GET minting: the paid orders of the bond not wholly minted, with what a run would queue. */
export async function previewMinting(opts: { db: Database; code: string }): Promise<MintingPreviewView> {
  const bond = await getBond(opts.db, opts.code);
  return previewOf(bond, await mintingOrders(opts.db, bond));
}

/**
 * The idempotency key of an order's next mint instruction: `mint-order-{id}` for its first,
 * `mint-order-{id}-{n}` for the n-th (a partly minted or refused order minted again).
 */
async function nextMintKey(tx: Tx, productId: number, orderId: number): Promise<string> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrarInstructions)
    .where(
      and(
        eq(registrarInstructions.productId, productId),
        eq(registrarInstructions.kind, 'mint'),
        sql`${registrarInstructions.cause}->>'type' = 'order'`,
        sql`${registrarInstructions.cause}->>'orderId' = ${String(orderId)}`,
      ),
    );
  const n = row?.n ?? 0;
  return n === 0 ? `mint-order-${orderId}` : `mint-order-${orderId}-${n + 1}`;
}

/**
 * POST minting: queues one mint instruction per mintable order (its remaining tokens to the investor),
 * with an audit row each, in ONE transaction under the bond's minting lock: a crash leaves every order
 * wholly queued or not at all, and a second run (also one at the same time) finds the tokens in open
 * instructions and queues nothing new. Orders whose investor has no custody wallet stay blocked; orders
 * whose latest mint the registrar refused wait for the operator's retry (`retryRefusedMint`).
 */
export async function runMinting(opts: {
  db: Database;
  code: string;
  operatorId: number;
  reason?: string | undefined;
}): Promise<MintingRunView> {
  const bond = await getBond(opts.db, opts.code);
  const queued = await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${mintingLockClass}::int, ${bond.id}::int)`);
    const out: MintingQueuedView[] = [];
    for (const o of await mintingOrders(tx, bond)) {
      if (o.status !== 'mintable') continue;
      const q = await queueOrderMint(tx, {
        bond,
        order: o,
        operatorId: opts.operatorId,
        reason: opts.reason,
      });
      if (q) out.push(q);
    }
    return out;
  });
  return {
    product: bond.code,
    queued,
    queuedOrders: queued.length,
    queuedTokens: queued.reduce((n, q) => n + q.amount, 0),
    preview: previewOf(bond, await mintingOrders(opts.db, bond)),
  };
}

/** Queues one mint instruction for an order's remaining tokens, with its audit row; null when it existed. */
async function queueOrderMint(
  tx: Tx,
  opts: {
    bond: BondRow;
    order: MintingOrderView;
    operatorId: number;
    reason?: string | undefined;
    retryOf?: string;
  },
): Promise<MintingQueuedView | null> {
  const { bond, order: o } = opts;
  const [owner] = await tx
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, o.order.id));
  const idempotencyKey = await nextMintKey(tx, bond.id, o.order.id);
  const { instruction, created } = await queueInstruction(tx, {
    productId: bond.id,
    kind: 'mint',
    fromCustomerId: null,
    toCustomerId: owner!.customerId,
    amount: o.remaining,
    cause: { type: 'order', orderId: String(o.order.id) },
    idempotencyKey,
  });
  if (!created) return null;
  await appendAuditEntry(tx, {
    customerId: owner!.customerId,
    actorId: opts.operatorId,
    action: 'register_mint_queued',
    reason: opts.reason ?? null,
    details: {
      product: bond.code,
      order: o.order.number,
      tokenValue: o.order.tokenValue,
      amount: o.remaining,
      idempotencyKey,
      instruction: instruction.uuid,
      ...(opts.retryOf ? { retryOf: opts.retryOf } : {}),
    },
  });
  const { hasWallet: _, ...investor } = o.investor;
  return { order: o.order, amount: o.remaining, idempotencyKey, instruction: instruction.uuid, investor };
}

/**
 * POST minting/orders/{orderId}/retry: an order whose newest mint instruction the registrar refused
 * gets a new instruction (a new idempotency key) for the tokens still not minted; the order stays
 * `ready`/`partially_shipped` until the registrar confirms. Under the order's row lock (the lock a
 * confirmation takes first), so two retries at once queue one instruction: the second finds the tokens
 * in it and is refused with `minting_retry_not_allowed`, as is an order not refused (or unknown: 404).
 */
export async function retryRefusedMint(opts: {
  db: Database;
  code: string;
  orderId: number;
  operatorId: number;
  reason?: string | undefined;
}): Promise<MintingRetryView> {
  const bond = await getBond(opts.db, opts.code);
  const queued = await opts.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, opts.orderId), eq(orders.productId, bond.id)))
      .for('update');
    if (!locked) throw notFound();
    const order = (await mintingOrders(tx, bond, opts.orderId))[0];
    if (!order) throw notFound();
    if (order.status !== 'refused' || !order.investor.hasWallet) {
      throw new AppError('minting_retry_not_allowed', { detail: `order is ${order.status}` });
    }
    const q = await queueOrderMint(tx, {
      bond,
      order,
      operatorId: opts.operatorId,
      reason: opts.reason,
      retryOf: order.refusals[0]!.instruction,
    });
    if (!q) throw new AppError('minting_retry_not_allowed');
    return q;
  });
  const [order] = await mintingOrders(opts.db, bond, opts.orderId);
  return { product: bond.code, queued, order: order! };
}

/**
 * THE reader of an order's minted tokens (decision 016): the journal's mints caused by the order less
 * the reversals of those mints, the rule of the domain's `mintedByOrder`, as a scalar SQL expression of
 * the order's id. One statement reads it for any number of orders (the depot, the minting batch), each
 * order two index probes (`register_entries_mint_order`, `register_entries_reversal_of`).
 */
export function mintedTokensOf(orderId: SQL | AnyColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(m.amount - coalesce((select sum(r.amount)
        from register_entries r where r.kind = 'reversal' and r.product_id = m.product_id
          and ((r.cause->>'reverses')::int) = m.sequence), 0)), 0)::int
    from register_entries m
    where m.kind = 'mint' and (m.cause->>'orderId') = (${orderId})::text and m.cause->>'type' = 'order')`;
}

/** Tokens the journal holds for an order (`mintedTokensOf`), read in the caller's transaction. */
export async function mintedOfOrder(db: Db, orderId: number): Promise<number> {
  const { rows } = await db.execute<{ minted: number }>(
    sql`select ${mintedTokensOf(sql`${orderId}::int`)} as minted`,
  );
  return Number(rows[0]?.minted ?? 0);
}

/**
 * THE rule of an order's tokens entering or leaving the register, inside the transaction that
 * appended the entry: `tokens` > 0 for a confirmed mint caused by the order, < 0 for a reversed one.
 * The stock moves with them (decision 011: minted = `on_hand` and `on_hold` down together; a reversal
 * puts both back), spread over the order's lines in order, and the shipping state follows the tokens
 * the journal now holds for the order (spec 4: `shipped` all, `partially_shipped` some, `ready` none;
 * a reversal moves it back). Returns the order's shipping state after it.
 */
export async function followOrderMinting(
  tx: Tx,
  opts: { orderId: number; tokens: number },
): Promise<ShippingState | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, opts.orderId)).for('update');
  if (!order?.productId) return null;
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const quantity = items.reduce((n, i) => n + i.quantity, 0);
  const after = await mintedOfOrder(tx, order.id);
  const before = after - opts.tokens;
  // The lines fill in order: a line's minted share is what of the minted total reaches it.
  let beforeLeft = Math.max(0, before);
  let afterLeft = Math.max(0, after);
  for (const item of items) {
    const was = Math.min(item.quantity, beforeLeft);
    const is = Math.min(item.quantity, afterLeft);
    beforeLeft -= was;
    afterLeft -= is;
    const delta = is - was;
    if (delta !== 0) {
      await tx
        .update(productVariants)
        .set({
          onHand: sql`${productVariants.onHand} - ${delta}`,
          onHold: sql`greatest(0, ${productVariants.onHold} - ${delta})`,
        })
        .where(eq(productVariants.id, item.variantId));
    }
  }
  const move = shippingMoveForMinted({ quantity, shippingState: order.shippingState }, after);
  if (move === null) return order.shippingState;
  await tx.update(orders).set({ shippingState: move, updatedAt: new Date() }).where(eq(orders.id, order.id));
  return move;
}
