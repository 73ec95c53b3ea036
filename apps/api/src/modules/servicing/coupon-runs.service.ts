import { operatorRole } from '@token/domain/accounts';
import { endOfPlatformDay } from '@token/domain/calendar';
import { AppError, notFound, validationFailed } from '@token/domain/errors';
import {
  allocateCoupon,
  allocateRedemption,
  assertCouponRunTransition,
  assertPayoutTransition,
  type CouponRunSummaryView,
  type CouponRunView,
  canCouponRunMove,
  checkLedger,
  couponRunPosting,
  couponSchedule,
  formatRational,
  type LedgerPosting,
  ledgerAccounts,
  type PayoutAdminView,
  payoutPaidPosting,
  redemptionRunPosting,
  settledRunState,
} from '@token/domain/servicing';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import {
  type CouponRunHolderLine,
  type CouponRunKind,
  couponRuns,
  customers,
  ledgerPostings,
  payouts,
  registerHeads,
  registerHoldings,
  registrarInstructions,
  wallets,
} from '../../db/schema/index.ts';
import { jobInsertSql } from '../../jobs/enqueue.ts';
import { registrarSubmitJob } from '../../jobs/registrar-submit.job.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { getBond, partyColumns, partyOf } from '../register/bond-lookup.ts';
import { queuePayoutPaidMail, queueRunPreparedMail } from './servicing-mails.ts';
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

/**
 * A redemption run's burn: tokens in its burn instructions, and tokens the journal records burned for
 * it (the registrar's confirmations, or burns booked without an instruction such as the demo's).
 */
async function burnOf(db: Db, run: RunRow) {
  const cause = JSON.stringify({ type: 'redemption', reference: `coupon-run-${run.id}` });
  const { rows } = (await db.execute(sql`select
      (select coalesce(sum(amount), 0) from registrar_instructions
        where product_id = ${run.productId} and kind = 'burn' and cause = ${cause}::jsonb)::bigint as queued,
      (select coalesce(sum(amount), 0) from register_entries
        where product_id = ${run.productId} and kind = 'burn' and cause = ${cause}::jsonb)::bigint as burned`)) as unknown as {
    rows: { queued: number | string; burned: number | string }[];
  };
  return { queuedTokens: Number(rows[0]?.queued ?? 0), burnedTokens: Number(rows[0]?.burned ?? 0) };
}

async function toView(db: Db, code: string, run: RunRow): Promise<CouponRunView> {
  // The holders by the run's stored lines (not a list of 10,000 parameters: drizzle builds that slowly).
  const people = await db
    .select({ id: customers.id, ...partyColumns(customers) })
    .from(customers)
    .where(
      sql`${customers.id} in (select (h->>'customerId')::int from ${couponRuns} r,
        jsonb_array_elements(r.holders) h where r.id = ${run.id})
        or ${customers.id} = ${run.approvedBy ?? 0}`,
    );
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
    kind: run.kind,
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
    redemptionCents: run.redemptionCents,
    burn: run.kind === 'redemption' ? await burnOf(db, run) : null,
    holders: run.holders.map((h) => ({
      customer: partyOf(byId.get(h.customerId)!),
      tokens: h.tokens,
      amountCents: h.amountCents,
      redemptionCents: h.redemptionCents ?? 0,
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
  /** Null: the platform's job after the record date, which tells the operators by mail. */
  operatorId: number | null;
  today: string;
  mail?: MailContext;
}): Promise<{ run: CouponRunView; created: boolean }> {
  const { db } = opts;
  const bond = await getBond(db, opts.code);
  const terms = await requireCurrentTerms(db, bond.id);
  const period = couponSchedule(terms.terms)[opts.periodIndex - 1];
  if (!period) throw validationFailed([{ propertyPath: 'periodIndex', code: 'invalid_value' }]);
  if (period.recordDate >= opts.today) {
    throw new AppError('coupon_record_date_pending', { detail: `record date ${period.recordDate}` });
  }
  const [existing] = await db
    .select()
    .from(couponRuns)
    .where(and(eq(couponRuns.productId, bond.id), eq(couponRuns.periodIndex, period.index)));
  if (existing) return { run: await toView(db, bond.code, existing), created: false };

  const holdings = await holdingsAtEndOf(db, bond.id, period.recordDate);
  const input = {
    nominalPerTokenCents: terms.terms.nominalPerTokenCents,
    couponRateBasisPoints: terms.terms.couponRateBasisPoints,
    accrualFraction: period.accrualFraction,
    holdings: holdings.map((h) => ({ holderId: String(h.customerId), tokens: h.tokens })),
  };
  // The final period is the redemption: its last coupon with the nominal (decision 017).
  const kind: CouponRunKind = period.isFinal ? 'redemption' : 'coupon';
  const allocation =
    kind === 'redemption'
      ? (() => {
          const r = allocateRedemption(input);
          return {
            ...r.coupon,
            redemptionCents: r.redemptionTotalCents,
            lines: r.holders.map((h) => ({
              customerId: Number(h.holderId),
              tokens: h.tokens,
              amountCents: h.couponCents,
              redemptionCents: h.redemptionCents,
            })),
          };
        })()
      : (() => {
          const { holders, ...c } = allocateCoupon(input);
          return {
            ...c,
            redemptionCents: 0,
            lines: holders.map((h) => ({
              customerId: Number(h.holderId),
              tokens: h.tokens,
              amountCents: h.amountCents,
            })),
          };
        })();
  const lines: CouponRunHolderLine[] = allocation.lines;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(couponRuns)
      .values({
        productId: bond.id,
        periodIndex: period.index,
        kind,
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
        redemptionCents: allocation.redemptionCents,
        holders: lines,
        preparedBy: opts.operatorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    // From the redemption's record date on, the platform refuses transfers: the tokens are burned on
    // approval. The registrar is not paused (its pause would refuse the burns too).
    if (kind === 'redemption') {
      await tx
        .update(registerHeads)
        .set({ paused: true, pausedChangedAt: new Date() })
        .where(and(eq(registerHeads.productId, bond.id), eq(registerHeads.paused, false)));
    }
    if (opts.operatorId !== null) {
      await appendAuditEntry(tx, {
        customerId: opts.operatorId,
        actorId: opts.operatorId,
        action: kind === 'redemption' ? 'redemption_run_prepared' : 'coupon_run_prepared',
        reason: null,
        details: {
          product: bond.code,
          runId: row.id,
          periodIndex: row.periodIndex,
          totalCents: row.totalCents,
          redemptionCents: row.redemptionCents,
        },
      });
    } else if (opts.mail) {
      await tellOperators(tx, opts.mail, {
        kind,
        bond: { code: bond.code, issuer: terms.terms.issuer, isin: terms.terms.isin },
        periodIndex: row.periodIndex,
        recordDate: row.recordDate,
        paymentDate: row.paymentDate,
        holders: lines.length,
        totalCents: row.totalCents + row.redemptionCents,
      });
    }
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

/** Mails every operator (the `admin` role) of a run the platform prepared, each in their language. */
async function tellOperators(
  tx: Db,
  mail: MailContext,
  run: Parameters<typeof queueRunPreparedMail>[2]['run'],
): Promise<void> {
  const operators = await tx
    .select({ locale: customers.locale, ...partyColumns(customers) })
    .from(customers)
    .where(sql`${operatorRole} = any(${customers.roles})`);
  for (const o of operators) {
    await queueRunPreparedMail(tx, mail, {
      to: o.email,
      locale: o.locale ?? 'de',
      name: partyOf(o).name,
      run,
    });
  }
}

/**
 * The daily job's work: every period of every bond with terms whose record date has ended
 * (`today` is the platform's day) and that has no run yet is prepared, oldest first, and the
 * operators are told. Running it again prepares nothing twice (a period has one run).
 */
export async function prepareDueCouponRuns(opts: {
  db: Database;
  today: string;
  mail: MailContext;
}): Promise<{ product: string; periodIndex: number; runId: number }[]> {
  const { db } = opts;
  const { rows } = (await db.execute(sql`select distinct p.code from bond_terms t
      join products p on p.id = t.product_id order by p.code`)) as unknown as { rows: { code: string }[] };
  const prepared: { product: string; periodIndex: number; runId: number }[] = [];
  for (const { code } of rows) {
    const bond = await getBond(db, code);
    const terms = await requireCurrentTerms(db, bond.id);
    const done = new Set(
      (
        await db
          .select({ periodIndex: couponRuns.periodIndex })
          .from(couponRuns)
          .where(eq(couponRuns.productId, bond.id))
      ).map((r) => r.periodIndex),
    );
    for (const period of couponSchedule(terms.terms)) {
      if (period.recordDate >= opts.today || done.has(period.index)) continue;
      const { run, created } = await prepareCouponRun({
        db,
        code,
        periodIndex: period.index,
        operatorId: null,
        today: opts.today,
        mail: opts.mail,
      });
      if (created) prepared.push({ product: code, periodIndex: period.index, runId: run.id });
    }
  }
  return prepared;
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

/** GET coupon-runs: the bond's runs, the newest period first, with status and totals (no holders). */
export async function listCouponRuns(opts: { db: Database; code: string }): Promise<CouponRunSummaryView[]> {
  const bond = await getBond(opts.db, opts.code);
  const rows = await opts.db
    .select()
    .from(couponRuns)
    .where(eq(couponRuns.productId, bond.id))
    .orderBy(desc(couponRuns.periodIndex));
  return rows.map((run) => ({
    id: run.id,
    product: bond.code,
    periodIndex: run.periodIndex,
    kind: run.kind,
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
    redemptionCents: run.redemptionCents,
    holderCount: run.holders.length,
    preparedAt: run.preparedAt.toISOString(),
    approvedAt: run.approvedAt?.toISOString() ?? null,
  }));
}

/**
 * A redemption burns every token in the register, so nothing may be on its way to the registrar:
 * tokens held back for a transfer, or a mint or transfer instruction not yet answered.
 */
async function assertNothingInFlight(tx: Db, productId: number): Promise<void> {
  const [held] = await tx
    .select({ customerId: registerHoldings.customerId })
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, productId), sql`${registerHoldings.pendingOut} > 0`))
    .limit(1);
  const [open] = await tx
    .select({ id: registrarInstructions.id })
    .from(registrarInstructions)
    .where(
      and(
        eq(registrarInstructions.productId, productId),
        eq(registrarInstructions.status, 'submitted'),
        ne(registrarInstructions.kind, 'burn'),
      ),
    )
    .limit(1);
  if (held || open) throw new AppError('redemption_transfers_pending');
}

/**
 * The redemption's burn: one burn instruction per holder of the whole balance in the register now
 * (transfers are refused since the run was prepared), keyed by run and holder so a repeat queues none,
 * each with its `registrar.submit` job: one statement for every holder (a run may have 10,000). The
 * journal records each burn when the registrar confirms it.
 */
async function queueRedemptionBurns(tx: Tx, opts: { productId: number; runId: number }): Promise<void> {
  await tx
    .select({ customerId: registerHoldings.customerId })
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, opts.productId), sql`${registerHoldings.balance} > 0`))
    .for('update');
  await tx.execute(sql`with instruction as (
      insert into ${registrarInstructions} (product_id, kind, from_customer_id, to_customer_id, from_address,
        to_address, amount, cause, idempotency_key)
      select h.product_id, 'burn', h.customer_id, null, w.address, null, h.balance,
        jsonb_build_object('type', 'redemption', 'reference', ${`coupon-run-${opts.runId}`}::text),
        ${`burn-redemption-${opts.runId}-`}::text || h.customer_id
      from ${registerHoldings} h
        left join ${wallets} w on w.customer_id = h.customer_id and w.type = 'custody'
      where h.product_id = ${opts.productId} and h.balance > 0
      order by h.customer_id
      on conflict (idempotency_key) do nothing
      returning id),
    job as (${jobInsertSql(registrarSubmitJob, {
      from: sql`instruction i`,
      data: sql`json_build_object('instructionId', i.id)`,
    })})
    select (select count(*) from instruction)::int as queued, (select count(*) from job)::int as jobs`);
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
    const redemption = run.kind === 'redemption';
    if (redemption) await assertNothingInFlight(tx, bond.id);
    const due = run.holders
      .map((h) => ({ ...h, totalCents: h.amountCents + (h.redemptionCents ?? 0) }))
      .filter((h) => h.totalCents > 0);
    // One statement from the run's own holder lines (as just updated, in their order): a multi-row
    // INSERT of 10,000 payouts passes PostgreSQL's 65,535 parameters, and drizzle takes about a second
    // to build one of 5,000 (the coupon-run benchmark, docs/benchmarks.md).
    await tx.execute(sql`insert into ${payouts} (run_id, customer_id, product_id, type, amount_cents,
        nominal_cents, tokens, payout_date, period_start, period_end)
      select r.id, l.customer_id, r.product_id, ${redemption ? 'redemption' : 'interest'},
        l.coupon_cents + l.nominal_cents, l.nominal_cents, l.tokens, r.payment_date, r.period_start, r.period_end
      from ${couponRuns} r
        cross join lateral jsonb_array_elements(r.holders) with ordinality as h(line, n)
        cross join lateral (select (h.line->>'customerId')::int as customer_id,
          (h.line->>'tokens')::bigint as tokens, (h.line->>'amountCents')::bigint as coupon_cents,
          coalesce((h.line->>'redemptionCents')::bigint, 0) as nominal_cents) l
      where r.id = ${run.id} and l.coupon_cents + l.nominal_cents > 0
      order by h.n`);
    const posting = redemption
      ? redemptionRunPosting({
          runId: String(run.id),
          issuerId: bond.code,
          bookedOn: opts.today,
          allocation: {
            holders: run.holders.map((h) => ({
              holderId: String(h.customerId),
              tokens: h.tokens,
              couponCents: h.amountCents,
              redemptionCents: h.redemptionCents ?? 0,
              totalCents: h.amountCents + (h.redemptionCents ?? 0),
              tokensToBurn: h.tokens,
            })),
          },
        })
      : couponRunPosting({
          runId: String(run.id),
          issuerId: bond.code,
          bookedOn: opts.today,
          holders: due.map((h) => ({ holderId: String(h.customerId), amountCents: h.amountCents })),
        });
    if (posting) await post(tx, posting);
    if (redemption) await queueRedemptionBurns(tx, { productId: bond.id, runId: run.id });
    await appendAuditEntry(tx, {
      customerId: opts.operatorId,
      actorId: opts.operatorId,
      action: redemption ? 'redemption_run_approved' : 'coupon_run_approved',
      reason: null,
      details: {
        product: bond.code,
        runId: run.id,
        payouts: due.length,
        paidCents: run.paidCents,
        redemptionCents: run.redemptionCents,
      },
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
  /** The investor's "payout paid" mail goes out with the booking (outbox). */
  mail?: MailContext;
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
      ...(opts.mail ? { mail: opts.mail } : {}),
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
  return {
    ...row,
    runId,
    paidAt: row.paidAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  };
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
    /** Tells the investor by mail, in the same transaction (nothing is mailed twice: the booking is once). */
    mail?: MailContext;
    /** false: the caller books many payouts of the run and settles it once afterwards (a camt.054). */
    settle?: boolean;
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
      // A commission is owed to the referral partner, a coupon or redemption to the holder.
      payableAccount:
        paid.type === 'commission'
          ? ledgerAccounts.partnerPayable(String(paid.customerId))
          : ledgerAccounts.holderPayable(String(paid.customerId)),
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
  // A commission payout belongs to no run.
  if (paid.runId !== null && opts.settle !== false) await settleRun(tx, paid.runId);
  if (opts.mail && paid.type !== 'commission') {
    await tellInvestorPaid(tx, opts.mail, { ...paid, type: paid.type });
  }
  return paid;
}

/** The investor's "payout paid" mail, naming the bond by the terms the run was computed on. */
async function tellInvestorPaid(
  tx: Db,
  mail: MailContext,
  paid: Omit<typeof payouts.$inferSelect, 'type'> & { type: 'interest' | 'redemption' },
): Promise<void> {
  const { rows } = (await tx.execute(sql`select c.email, c.locale, c.first_name, c.last_name,
      c.account_type, c.company_name, c.uuid, p.code, t.terms->>'issuer' as issuer, t.terms->>'isin' as isin
    from customers c, coupon_runs r join products p on p.id = r.product_id
      join bond_terms t on t.product_id = r.product_id and t.version = r.terms_version
    where c.id = ${paid.customerId} and r.id = ${paid.runId}`)) as unknown as {
    rows: {
      email: string;
      locale: 'de' | 'en' | null;
      first_name: string | null;
      last_name: string | null;
      account_type: string;
      company_name: string | null;
      uuid: string;
      code: string;
      issuer: string;
      isin: string;
    }[];
  };
  const r = rows[0];
  if (!r) return;
  await queuePayoutPaidMail(tx, mail, {
    to: r.email,
    locale: r.locale ?? 'de',
    name: partyOf({
      uuid: r.uuid,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      accountType: r.account_type,
      companyName: r.company_name,
    }).name,
    payout: {
      type: paid.type,
      bond: { code: r.code, issuer: r.issuer, isin: r.isin },
      amountCents: paid.amountCents,
      nominalCents: paid.nominalCents,
      payoutDate: paid.payoutDate,
      periodStart: paid.periodStart,
      periodEnd: paid.periodEnd,
    },
  });
}

/**
 * Inside the caller's transaction, holding the run's lock: pending -> failed with the reason and an
 * audit entry, then settles the run. No posting: no money left, the holder is still owed the amount
 * (the `coupon_run` posting's payable stays open). Returns the row, or null when it was not pending.
 */
export async function bookPayoutFailed(
  tx: Db,
  opts: {
    payoutId: number;
    productCode: string;
    operatorId: number;
    reason: string;
    camtMessageId?: string;
    /** false: the caller settles the run once after booking many (a camt.054). */
    settle?: boolean;
  },
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
  if (failed.runId !== null && opts.settle !== false) await settleRun(tx, failed.runId);
  return failed;
}
