import { platformToday } from '@token/domain/calendar';
import type { CustomerErasure } from '@token/domain/compliance';
import { AppError } from '@token/domain/errors';
import { canMove } from '@token/domain/lifecycle';
import {
  type ConfirmErasureInput,
  type ErasureRequestAdminView,
  type ErasureRequestInput,
  type ErasureRequestView,
  type ErasureState,
  erasureBlocker,
  erasureLifecycle,
  type OpenPositions,
  type RefuseErasureInput,
  type RetentionCategory,
  retentionCategories,
  retentionEnd,
  retentionRules,
} from '@token/domain/privacy';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { Database, Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Page } from '../../db/paging.ts';
import {
  customers,
  erasureRequests,
  orders,
  payouts,
  registerHoldings,
  retainedRecords,
  tokenTransfers,
} from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import { displayName } from '../admin/audit-log.service.ts';
import { archiveInvoices, eraseCustomer } from './erase-customer.ts';
import { queuePrivacyMail } from './privacy-mails.ts';
import { assertReauthenticated } from './reauth.ts';

type RequestRow = typeof erasureRequests.$inferSelect;

function requestView(row: RequestRow): ErasureRequestView {
  return {
    id: row.uuid,
    state: row.state,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refusalReason: row.refusalReason,
  };
}

/**
 * What is still open for a customer: tokens held or held back for a transfer, transfers pending,
 * completed orders awaiting payment, paid orders not yet minted, payouts not yet paid.
 */
export async function findOpenPositions(db: Db, customerId: number): Promise<OpenPositions> {
  const [[held], [transfers], [unpaid], [toMint], [pendingPayouts]] = await Promise.all([
    db
      .select({
        n: sql<number>`coalesce(sum(${registerHoldings.balance} + ${registerHoldings.pendingOut}), 0)::int`,
      })
      .from(registerHoldings)
      .where(eq(registerHoldings.customerId, customerId)),
    db
      .select({ n: count() })
      .from(tokenTransfers)
      .where(
        and(
          or(eq(tokenTransfers.senderId, customerId), eq(tokenTransfers.receiverId, customerId)),
          eq(tokenTransfers.status, 'pending'),
        ),
      ),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.checkoutState, 'completed'),
          inArray(orders.paymentState, ['new', 'awaiting_payment']),
        ),
      ),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.checkoutState, 'completed'),
          eq(orders.paymentState, 'paid'),
          inArray(orders.shippingState, ['ready', 'partially_shipped']),
        ),
      ),
    db
      .select({ n: count() })
      .from(payouts)
      .where(and(eq(payouts.customerId, customerId), eq(payouts.status, 'pending'))),
  ]);
  return {
    tokensHeld: Number(held?.n ?? 0) + Number(transfers?.n ?? 0),
    unpaidOrders: Number(unpaid?.n ?? 0),
    ordersToMint: Number(toMint?.n ?? 0),
    pendingPayouts: Number(pendingPayouts?.n ?? 0),
  };
}

async function assertNothingOpen(db: Db, customerId: number): Promise<void> {
  const blocker = erasureBlocker(await findOpenPositions(db, customerId));
  if (blocker) throw new AppError(blocker);
}

/**
 * POST customers/{uuid}/erasure-requests: after re-authentication, files the request. An investor
 * with open positions is told so at once (409 with the reason), and the request is not filed.
 */
export async function requestErasure(opts: {
  db: Database;
  secretBox: SecretBox;
  mailCtx: MailContext;
  customerId: number;
  input: ErasureRequestInput;
}): Promise<ErasureRequestView> {
  await assertReauthenticated(opts);
  await assertNothingOpen(opts.db, opts.customerId);
  try {
    return await opts.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(erasureRequests)
        .values({ customerId: opts.customerId, reason: opts.input.reason || null })
        .returning();
      await queuePrivacyMail(tx, opts.mailCtx, { customerId: opts.customerId, kind: 'erasure_requested' });
      return requestView(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('erasure_request_open');
    throw err;
  }
}

/** GET customers/{uuid}/erasure-requests: the customer's requests, newest first. */
export async function listMyErasureRequests(opts: {
  db: Database;
  customerId: number;
}): Promise<ErasureRequestView[]> {
  const rows = await opts.db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.customerId, opts.customerId))
    .orderBy(desc(erasureRequests.requestedAt), desc(erasureRequests.id));
  return rows.map(requestView);
}

/** DELETE customers/{uuid}/erasure-requests/{id}: the customer withdraws an open request. */
export async function withdrawErasureRequest(opts: {
  db: Database;
  customerId: number;
  requestId: string;
}): Promise<ErasureRequestView> {
  return opts.db.transaction(async (tx) => {
    const row = await lockRequest(tx, opts.requestId, opts.customerId);
    assertOpen(row.state, 'withdrawn');
    const [updated] = await tx
      .update(erasureRequests)
      .set({ state: 'withdrawn', decidedAt: new Date() })
      .where(eq(erasureRequests.id, row.id))
      .returning();
    return requestView(updated!);
  });
}

async function lockRequest(db: Db, uuid: string, customerId?: number): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(
      customerId === undefined
        ? eq(erasureRequests.uuid, uuid)
        : and(eq(erasureRequests.uuid, uuid), eq(erasureRequests.customerId, customerId)),
    )
    .for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/** Only an open request moves (the lifecycle table); a decided one is `erasure_request_decided`. */
function assertOpen(from: ErasureState, to: ErasureState): void {
  if (!canMove(erasureLifecycle, from, to)) throw new AppError('erasure_request_decided');
}

const decider = alias(customers, 'decider');

/** The operator's list: open requests first (oldest first), then decided ones. */
export async function listErasureRequests(opts: {
  db: Database;
  state?: ErasureState | undefined;
  page: Page;
}): Promise<{ items: ErasureRequestAdminView[]; totalItems: number }> {
  const where = opts.state ? eq(erasureRequests.state, opts.state) : undefined;
  const [rows, [total]] = await Promise.all([
    opts.db
      .select({ request: erasureRequests, customer: customers, decider })
      .from(erasureRequests)
      .innerJoin(customers, eq(customers.id, erasureRequests.customerId))
      .leftJoin(decider, eq(decider.id, erasureRequests.decidedById))
      .where(where)
      .orderBy(
        sql`case when ${erasureRequests.state} = 'requested' then 0 else 1 end`,
        sql`case when ${erasureRequests.state} = 'requested' then ${erasureRequests.requestedAt} end asc`,
        desc(erasureRequests.decidedAt),
        desc(erasureRequests.id),
      )
      .limit(opts.page.itemsPerPage)
      .offset((opts.page.page - 1) * opts.page.itemsPerPage),
    opts.db.select({ n: count() }).from(erasureRequests).where(where),
  ]);
  const items = await Promise.all(rows.map((r) => adminView(opts.db, r)));
  return { items, totalItems: Number(total?.n ?? 0) };
}

async function adminView(
  db: Db,
  r: {
    request: RequestRow;
    customer: typeof customers.$inferSelect;
    decider: typeof customers.$inferSelect | null;
  },
): Promise<ErasureRequestAdminView> {
  const open = await findOpenPositions(db, r.customer.id);
  const retained =
    r.request.state === 'confirmed'
      ? await db
          .select({
            category: retainedRecords.category,
            legalBasis: retainedRecords.legalBasis,
            retainUntil: retainedRecords.retainUntil,
          })
          .from(retainedRecords)
          .where(eq(retainedRecords.erasureRequestId, r.request.id))
      : [];
  return {
    ...requestView(r.request),
    customer: { uuid: r.customer.uuid, email: r.customer.email, fullName: displayName(r.customer) },
    blocker: r.request.state === 'requested' ? erasureBlocker(open) : null,
    openPositions: open,
    decidedBy: r.decider ? displayName(r.decider) : null,
    retained: retained.sort(
      (a, b) => retentionCategories.indexOf(a.category) - retentionCategories.indexOf(b.category),
    ),
  };
}

async function adminViewOf(db: Db, requestId: number): Promise<ErasureRequestAdminView> {
  const [r] = await db
    .select({ request: erasureRequests, customer: customers, decider })
    .from(erasureRequests)
    .innerJoin(customers, eq(customers.id, erasureRequests.customerId))
    .leftJoin(decider, eq(decider.id, erasureRequests.decidedById))
    .where(eq(erasureRequests.id, requestId));
  return adminView(db, r!);
}

/**
 * The customer's erasure request as their file shows it (decision 024): the confirmed one if any,
 * else the latest; with what the erasure kept, by category, once confirmed. Null when none was filed.
 */
export async function findCustomerErasure(db: Db, customerId: number): Promise<CustomerErasure | null> {
  const [request] = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.customerId, customerId))
    .orderBy(
      sql`case when ${erasureRequests.state} = 'confirmed' then 0 else 1 end`,
      desc(erasureRequests.requestedAt),
      desc(erasureRequests.id),
    )
    .limit(1);
  if (!request) return null;
  const retained =
    request.state === 'confirmed'
      ? await db
          .select({
            category: retainedRecords.category,
            legalBasis: retainedRecords.legalBasis,
            retainUntil: retainedRecords.retainUntil,
            purgedAt: retainedRecords.purgedAt,
          })
          .from(retainedRecords)
          .where(eq(retainedRecords.erasureRequestId, request.id))
      : [];
  return {
    state: request.state,
    requestedAt: request.requestedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    retained: retained
      .sort((a, b) => retentionCategories.indexOf(a.category) - retentionCategories.indexOf(b.category))
      .map((r) => ({ ...r, purgedAt: r.purgedAt?.toISOString() ?? null })),
  };
}

/** Whether the customer was erased (a confirmed request): a locked stub nothing decides on any more. */
export async function isCustomerErased(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: erasureRequests.id })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.customerId, customerId), eq(erasureRequests.state, 'confirmed')))
    .limit(1);
  return row !== undefined;
}

/**
 * The operator confirms: the erasure runs (decision 024). Open positions refuse it (409) and change
 * nothing. The invoices are archived as issued before the customer's name and address go.
 */
export async function confirmErasure(opts: {
  db: Database;
  storage: StoragePort;
  mailCtx: MailContext;
  operatorId: number;
  requestId: string;
  input: ConfirmErasureInput;
  now?: Date;
}): Promise<ErasureRequestAdminView> {
  const now = opts.now ?? new Date();
  const [pre] = await opts.db.select().from(erasureRequests).where(eq(erasureRequests.uuid, opts.requestId));
  if (!pre) throw new AppError('not_found');
  assertOpen(pre.state, 'confirmed');
  await assertNothingOpen(opts.db, pre.customerId);
  // Rendered outside the transaction (storage is no database); removed again if the erasure fails.
  const archived = await archiveInvoices({ db: opts.db, storage: opts.storage, customerId: pre.customerId });
  try {
    const { view, removedKeys } = await opts.db.transaction(async (tx) => {
      const row = await lockRequest(tx, opts.requestId);
      assertOpen(row.state, 'confirmed');
      await assertNothingOpen(tx, row.customerId);
      await queuePrivacyMail(tx, opts.mailCtx, { customerId: row.customerId, kind: 'erasure_confirmed' });
      const erasedOn = platformToday(now);
      const removed = await eraseCustomer(tx, {
        customerId: row.customerId,
        erasureRequestId: row.id,
        operatorId: opts.operatorId,
        reason: opts.input.reason ?? null,
        invoiceKeys: archived,
        retainUntil: Object.fromEntries(
          retentionCategories.map((c) => [c, retentionEnd(c, erasedOn)]),
        ) as Record<RetentionCategory, string | null>,
        legalBasis: Object.fromEntries(
          retentionCategories.map((c) => [c, retentionRules[c].legalBasis]),
        ) as Record<RetentionCategory, string>,
        now,
      });
      await tx
        .update(erasureRequests)
        .set({ state: 'confirmed', decidedById: opts.operatorId, decidedAt: now })
        .where(eq(erasureRequests.id, row.id));
      return { view: await adminViewOf(tx, row.id), removedKeys: removed };
    });
    for (const key of removedKeys) await opts.storage.remove(key).catch(() => {});
    return view;
  } catch (err) {
    for (const a of archived) await opts.storage.remove(a.storageKey).catch(() => {});
    throw err;
  }
}

/** The operator refuses with a reason; the customer is mailed the reason. */
export async function refuseErasure(opts: {
  db: Database;
  mailCtx: MailContext;
  operatorId: number;
  requestId: string;
  input: RefuseErasureInput;
  now?: Date;
}): Promise<ErasureRequestAdminView> {
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const row = await lockRequest(tx, opts.requestId);
    assertOpen(row.state, 'refused');
    await tx
      .update(erasureRequests)
      .set({
        state: 'refused',
        refusalReason: opts.input.reason,
        decidedById: opts.operatorId,
        decidedAt: now,
      })
      .where(eq(erasureRequests.id, row.id));
    await queuePrivacyMail(tx, opts.mailCtx, {
      customerId: row.customerId,
      kind: 'erasure_refused',
      params: { reason: opts.input.reason },
    });
    return adminViewOf(tx, row.id);
  });
}
