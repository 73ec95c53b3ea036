import { endOfPlatformDay } from '@token/domain/calendar';
import { AppError, notFound, validationFailed } from '@token/domain/errors';
import {
  allocateCoupon,
  assertCouponRunTransition,
  assertPayoutTransition,
  canCouponRunMove,
  checkLedger,
  couponRunPosting,
  couponSchedule,
  formatRational,
  type LedgerPosting,
  ledgerAccounts,
  payoutPaidPosting,
  settledRunState,
} from '@token/domain/servicing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import {
  type CouponRunHolderLine,
  couponRuns,
  customers,
  ledgerPostings,
  payouts,
} from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { getBond, partyColumns, partyOf } from '../register/bond-lookup.ts';
import type { CouponRunView, PayoutAdminView } from './servicing.views.ts';
import { requireCurrentTerms } from './terms.service.ts';

/*
 * Coupon runs (issue 17): prepared from the register at the end of the record date (the journal, not
 * the projection, so later entries never change a run), each holder's amount by the domain's
 * `allocateCoupon`; approved once, writing the payouts and the ledger's `coupon_run` posting in one
 * transaction; each payout marked paid once with its `payout_paid` posting.
 *
 * The run's and the payouts' lifecycles are the domain's tables (`servicing/lifecycle.ts`): prepared ->
 * approved -> paid | partially_failed; pending -> paid | failed. Paying a run through the bank (the
 * SEPA file, the camt.054 confirmations) is `payout-settlement.service.ts`; it books through
 * `bookPayoutPaid` and `bookPayoutFailed` here.
 */

type RunRow = typeof couponRuns.$inferSelect;

/** The holders' tokens at the end of `day` (Berlin) from the bond's journal, holders with tokens only. */
export async function holdingsAtEndOf(db: Db, productId: number, day: string) {
  const until = endOfPlatformDay(day).toISOString();
  const { rows } = (await db.execute(sql`select holder, sum(delta)::bigint as tokens from (
      select to_customer_id as holder, amount as delta from register_entries
        where product_id = ${productId} and to_customer_id is not null and recorded_at <= ${until}
      union all
      select from_customer_id, -amount from register_entries
        where product_id = ${productId} and from_customer_id is not null and recorded_at <= ${until}
    ) moves group by holder having sum(delta) > 0`)) as unknown as {
    rows: { holder: number | string; tokens: number | string }[];
  };
  return rows.map((r) => ({ customerId: Number(r.holder), tokens: Number(r.tokens) }));
}

/** Posts a domain posting once (its id is the event's): a second booking of one event is a no-op. */
async function post(tx: Db, posting: LedgerPosting): Promise<void> {
  const check = checkLedger([posting]);
  if (!check.ok)
    throw new Error(`ledger posting ${posting.postingId} refused: ${check.fault} ${check.detail}`);
  await tx
    .insert(ledgerPostings)
    .values({ id: posting.postingId, kind: posting.kind, bookedOn: posting.bookedOn, lines: posting.lines })
    .onConflictDoNothing();
}

export async function runOf(db: Db, productId: number, runId: number): Promise<RunRow> {
  const [run] = await db
    .select()
    .from(couponRuns)
    .where(and(eq(couponRuns.id, runId), eq(couponRuns.productId, productId)));
  if (!run) throw notFound();
  return run;
}

async function toView(db: Db, code: string, run: RunRow): Promise<CouponRunView> {
  const ids = [
    ...new Set([...run.holders.map((h) => h.customerId), ...(run.approvedBy ? [run.approvedBy] : [])]),
  ];
  const people = ids.length
    ? await db
        .select({ id: customers.id, ...partyColumns(customers) })
        .from(customers)
        .where(inArray(customers.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const paid = await db
    .select({ id: payouts.id, customerId: payouts.customerId, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.runId, run.id));
  const payoutOf = new Map(paid.map((p) => [p.customerId, { id: p.id, status: p.status }]));
  return {
    id: run.id,
    product: code,
    periodIndex: run.periodIndex,
    termsVersion: run.termsVersion,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
    paymentDate: run.paymentDate,
    recordDate: run.recordDate,
    accrualFraction: run.accrualFraction,
    status: run.status,
    outstandingTokens: run.outstandingTokens,
    totalCents: run.totalCents,
    paidCents: run.paidCents,
    remainderCents: run.remainderCents,
    holders: run.holders.map((h) => ({
      customer: partyOf(byId.get(h.customerId)!),
      tokens: h.tokens,
      amountCents: h.amountCents,
      payout: payoutOf.get(h.customerId) ?? null,
    })),
    preparedAt: run.preparedAt.toISOString(),
    approvedAt: run.approvedAt?.toISOString() ?? null,
    approvedBy: run.approvedBy ? (byId.get(run.approvedBy)?.uuid ?? null) : null,
  };
}

/**
 * POST coupon-runs: prepares the run of the schedule's period `periodIndex` from the register at the
 * end of its record date. Refused while that day has not ended (`today` is the platform's day, passed
 * in: `coupon_record_date_pending`), for the final period (paid with the redemption) and before terms
 * are saved. A period's run exists once: preparing it again answers the run prepared first.
 */
export async function prepareCouponRun(opts: {
  db: Database;
  code: string;
  periodIndex: number;
  operatorId: number;
  today: string;
}): Promise<{ run: CouponRunView; created: boolean }> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  const terms = await requireCurrentTerms(db, bond.id);
  const period = couponSchedule(terms.terms)[opts.periodIndex - 1];
  if (!period) throw validationFailed([{ propertyPath: 'periodIndex', code: 'invalid_value' }]);
  if (period.isFinal) throw new AppError('coupon_run_final_period');
  if (period.recordDate >= opts.today) {
    throw new AppError('coupon_record_date_pending', { detail: `record date ${period.recordDate}` });
  }
  const [existing] = await db
    .select()
    .from(couponRuns)
    .where(and(eq(couponRuns.productId, bond.id), eq(couponRuns.periodIndex, period.index)));
  if (existing) return { run: await toView(db, bond.code, existing), created: false };

  const holdings = await holdingsAtEndOf(db, bond.id, period.recordDate);
  const allocation = allocateCoupon({
    nominalPerTokenCents: terms.terms.nominalPerTokenCents,
    couponRateBasisPoints: terms.terms.couponRateBasisPoints,
    accrualFraction: period.accrualFraction,
    holdings: holdings.map((h) => ({ holderId: String(h.customerId), tokens: h.tokens })),
  });
  const lines: CouponRunHolderLine[] = allocation.holders.map((h) => ({
    customerId: Number(h.holderId),
    tokens: h.tokens,
    amountCents: h.amountCents,
  }));
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(couponRuns)
      .values({
        productId: bond.id,
        periodIndex: period.index,
        termsVersion: terms.version,
        periodStart: period.startDate,
        periodEnd: period.endDate,
        paymentDate: period.paymentDate,
        recordDate: period.recordDate,
        accrualFraction: formatRational(period.accrualFraction),
        outstandingTokens: allocation.outstandingTokens,
        totalCents: allocation.totalCents,
        paidCents: allocation.paidCents,
        remainderCents: allocation.remainderCents,
        holders: lines,
        preparedBy: opts.operatorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await appendAuditEntry(tx, {
      customerId: opts.operatorId,
      actorId: opts.operatorId,
      action: 'coupon_run_prepared',
      reason: null,
      details: {
        product: bond.code,
        runId: row.id,
        periodIndex: row.periodIndex,
        totalCents: row.totalCents,
      },
    });
    return row;
  });
  if (created) return { run: await toView(db, bond.code, created), created: true };
  // A concurrent preparation of the same period came first.
  const [first] = await db
    .select()
    .from(couponRuns)
    .where(and(eq(couponRuns.productId, bond.id), eq(couponRuns.periodIndex, period.index)));
  return { run: await toView(db, bond.code, first!), created: false };
}

/** GET coupon-runs/{id}: the preview (or, once approved, the run with its payouts). */
export async function getCouponRun(opts: {
  db: Database;
  code: string;
  runId: number;
}): Promise<CouponRunView> {
  const bond = await getBond(opts.db, opts.code);
  return toView(opts.db, bond.code, await runOf(opts.db, bond.id, opts.runId));
}

/**
 * POST coupon-runs/{id}/approve: prepared -> approved, writing a `pending` payout per holder with an
 * amount and the `coupon_run` posting, in one transaction. The status change is the condition of
 * the write: of two approvals (one after the other or at once) only the first changes the row, the
 * other answers the approved run unchanged.
 */
export async function approveCouponRun(opts: {
  db: Database;
  code: string;
  runId: number;
  operatorId: number;
  today: string;
}): Promise<CouponRunView> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  const current = await runOf(db, bond.id, opts.runId);
  assertCouponRunTransition(current.status, 'approved');
  await db.transaction(async (tx) => {
    const [run] = await tx
      .update(couponRuns)
      .set({ status: 'approved', approvedBy: opts.operatorId, approvedAt: new Date() })
      .where(
        and(
          eq(couponRuns.id, opts.runId),
          eq(couponRuns.productId, bond.id),
          eq(couponRuns.status, 'prepared'),
        ),
      )
      .returning();
    if (!run) return;
    const due = run.holders.filter((h) => h.amountCents > 0);
    if (due.length > 0) {
      await tx.insert(payouts).values(
        due.map((h) => ({
          runId: run.id,
          customerId: h.customerId,
          productId: bond.id,
          type: 'interest' as const,
          amountCents: h.amountCents,
          tokens: h.tokens,
          payoutDate: run.paymentDate,
          periodStart: run.periodStart,
          periodEnd: run.periodEnd,
        })),
      );
    }
    const posting = couponRunPosting({
      runId: String(run.id),
      issuerId: bond.code,
      bookedOn: opts.today,
      holders: due.map((h) => ({ holderId: String(h.customerId), amountCents: h.amountCents })),
    });
    if (posting) await post(tx, posting);
    await appendAuditEntry(tx, {
      customerId: opts.operatorId,
      actorId: opts.operatorId,
      action: 'coupon_run_approved',
      reason: null,
      details: { product: bond.code, runId: run.id, payouts: due.length, paidCents: run.paidCents },
    });
  });
  return toView(db, bond.code, await runOf(db, bond.id, opts.runId));
}

/**
 * POST coupon-runs/{id}/payouts/{payoutId}/paid: pending -> paid with the `payout_paid` posting;
 * repeating it answers the paid payout unchanged. The run turns `paid` with its last payout.
 * A failed payout is not marked paid here (`invalid_transition`).
 */
export async function markPayoutPaid(opts: {
  db: Database;
  code: string;
  runId: number;
  payoutId: number;
  operatorId: number;
  today: string;
}): Promise<PayoutAdminView> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  await runOf(db, bond.id, opts.runId);
  const mine = and(eq(payouts.id, opts.payoutId), eq(payouts.runId, opts.runId));
  const [found] = await db.select().from(payouts).where(mine);
  if (!found) throw notFound();
  assertPayoutTransition(found.status, 'paid');
  await db.transaction(async (tx) => {
    await lockRun(tx, opts.runId);
    await bookPayoutPaid(tx, {
      payoutId: opts.payoutId,
      productCode: bond.code,
      operatorId: opts.operatorId,
      today: opts.today,
      source: 'operator',
    });
  });
  return payoutAdminView(db, opts.runId, opts.payoutId);
}

/** A payout of a run as the operator sees it. */
export async function payoutAdminView(db: Db, runId: number, payoutId: number): Promise<PayoutAdminView> {
  const [row] = await db
    .select({
      id: payouts.id,
      runId: payouts.runId,
      customer: customers.uuid,
      amountCents: payouts.amountCents,
      status: payouts.status,
      paidAt: payouts.paidAt,
      failedAt: payouts.failedAt,
      failureReason: payouts.failureReason,
    })
    .from(payouts)
    .innerJoin(customers, eq(customers.id, payouts.customerId))
    .where(and(eq(payouts.id, payoutId), eq(payouts.runId, runId)));
  if (!row) throw notFound();
  return { ...row, paidAt: row.paidAt?.toISOString() ?? null, failedAt: row.failedAt?.toISOString() ?? null };
}

/** Locks the run's row: payouts of one run change one after the other, so the last one settles the run. */
export async function lockRun(tx: Db, runId: number): Promise<void> {
  await tx.select({ id: couponRuns.id }).from(couponRuns).where(eq(couponRuns.id, runId)).for('update');
}

/** Moves the run to the state its payouts settle it in (`settledRunState`), when its table allows. */
export async function settleRun(tx: Db, runId: number): Promise<void> {
  const [run] = await tx
    .select({ status: couponRuns.status })
    .from(couponRuns)
    .where(eq(couponRuns.id, runId));
  if (!run) return;
  const rows = await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.runId, runId));
  const target = settledRunState(rows.map((r) => r.status));
  if (!canCouponRunMove(run.status, target)) return;
  await tx
    .update(couponRuns)
    .set({ status: target })
    .where(and(eq(couponRuns.id, runId), eq(couponRuns.status, run.status)));
}

/**
 * Inside the caller's transaction, holding the run's lock (`lockRun`): pending -> paid with the
 * `payout_paid` posting and an audit entry, then settles the run. Returns the paid row, or null when
 * the payout was not pending (paid before: nothing is booked twice).
 */
export async function bookPayoutPaid(
  tx: Db,
  opts: {
    payoutId: number;
    productCode: string;
    operatorId: number;
    today: string;
    /** Who confirmed it: the operator by hand, or the bank's camt.054 (its message id). */
    source: 'operator' | { camtMessageId: string; entryReference: string };
  },
) {
  const [paid] = await tx
    .update(payouts)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(payouts.id, opts.payoutId), eq(payouts.status, 'pending')))
    .returning();
  if (!paid) return null;
  await post(
    tx,
    payoutPaidPosting({
      payoutId: String(paid.id),
      payableAccount: ledgerAccounts.holderPayable(String(paid.customerId)),
      amountCents: paid.amountCents,
      bookedOn: opts.today,
    }),
  );
  await appendAuditEntry(tx, {
    customerId: paid.customerId,
    actorId: opts.operatorId,
    action: 'payout_marked_paid',
    reason: null,
    details: {
      product: opts.productCode,
      runId: paid.runId,
      payoutId: paid.id,
      amountCents: paid.amountCents,
      ...(opts.source === 'operator' ? {} : opts.source),
    },
  });
  await settleRun(tx, paid.runId);
  return paid;
}

/**
 * Inside the caller's transaction, holding the run's lock: pending -> failed with the reason and an
 * audit entry, then settles the run. No posting: no money left, the holder is still owed the amount
 * (the `coupon_run` posting's payable stays open). Returns the row, or null when it was not pending.
 */
export async function bookPayoutFailed(
  tx: Db,
  opts: { payoutId: number; productCode: string; operatorId: number; reason: string; camtMessageId?: string },
) {
  const [failed] = await tx
    .update(payouts)
    .set({ status: 'failed', failedAt: new Date(), failureReason: opts.reason })
    .where(and(eq(payouts.id, opts.payoutId), eq(payouts.status, 'pending')))
    .returning();
  if (!failed) return null;
  await appendAuditEntry(tx, {
    customerId: failed.customerId,
    actorId: opts.operatorId,
    action: 'payout_marked_failed',
    reason: opts.reason,
    details: {
      product: opts.productCode,
      runId: failed.runId,
      payoutId: failed.id,
      amountCents: failed.amountCents,
      ...(opts.camtMessageId ? { camtMessageId: opts.camtMessageId } : {}),
    },
  });
  await settleRun(tx, failed.runId);
  return failed;
}
