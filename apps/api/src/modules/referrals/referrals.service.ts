import { platformToday } from '@token/domain/calendar';
import { AppError, notFound } from '@token/domain/errors';
import type {
  CustomerReferralsView,
  ReferralCommissionAdminLine,
  ReferralCommissionLine,
  ReferralCounts,
  ReferralPartnerAdminView,
  ReferralStatementView,
  ReferralTermsInput,
} from '@token/domain/referrals';
import { shortCustomerId } from '@token/domain/referrals';
import {
  checkLedger,
  following,
  isTarget2BusinessDay,
  type LedgerPosting,
  paidOrderCommission,
  registeredCustomerCommission,
} from '@token/domain/servicing';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import {
  channels,
  customers,
  ledgerPostings,
  orders,
  payouts,
  referralCommissions,
  referralStatements,
} from '../../db/schema/index.ts';
import { appendAuditEntry, displayName } from '../admin/audit-log.service.ts';
import { bookPayoutPaid } from '../servicing/coupon-runs.service.ts';

/*
 * Referral commissions (issue 17, decision 017 "Referral commissions"): booked in the transaction of
 * their event (the referred customer approved, an order of theirs paid) at the partner's terms of that
 * moment, once per event; reversed before settlement when the order is refunded; settled per partner
 * into a commission statement paid by one `commission` payout.
 */

/**
 * Writes one ledger posting, checked by the domain first; the id names the event, so a repeat is a
 * no-op. (The same six lines as coupon-runs.service.ts's `post`, copied to keep the modules apart.)
 */
async function post(tx: Db, posting: LedgerPosting): Promise<void> {
  const check = checkLedger([posting]);
  if (!check.ok)
    throw new Error(`ledger posting ${posting.postingId} refused: ${check.fault} ${check.detail}`);
  await tx
    .insert(ledgerPostings)
    .values({ id: posting.postingId, kind: posting.kind, bookedOn: posting.bookedOn, lines: posting.lines })
    .onConflictDoNothing();
}

const partnerAlias = alias(customers, 'partner');

/** A commission event: the referred customer approved, or an order of theirs paid. */
export type ReferralEvent =
  | { kind: 'registered_customer'; customerId: number }
  | { kind: 'paid_order'; customerId: number; orderId: number };

/**
 * Books the commission an event earns the customer's referral partner, in the caller's transaction
 * (the approval's, the payment booking's): the partner's terms at this moment, the domain's posting,
 * and the `referral_commissions` row. Once per event: the row's unique index and the posting's id
 * make a second call (two approvals, a webhook delivered twice) a no-op. No partner, a self-referral
 * or terms of 0: nothing. Answers whether it booked.
 */
export async function bookReferralCommission(
  tx: Db,
  event: ReferralEvent,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({
      partnerId: partnerAlias.id,
      perCustomer: partnerAlias.referralCommissionPerRegisteredCustomer,
      perOrder: partnerAlias.referralCommissionPerPaidOrder,
    })
    .from(customers)
    .innerJoin(partnerAlias, eq(partnerAlias.id, customers.referredById))
    .where(eq(customers.id, event.customerId));
  if (!row?.partnerId) return false;
  const partner = {
    partnerId: String(row.partnerId),
    referralCommissionPerRegisteredCustomer: Number(row.perCustomer),
    referralCommissionPerPaidOrder: Number(row.perOrder),
  };
  const bookedOn = platformToday(now);
  const posting =
    event.kind === 'registered_customer'
      ? registeredCustomerCommission({
          partner,
          customerId: String(event.customerId),
          customerApproved: true,
          bookedOn,
        })
      : paidOrderCommission({
          partner,
          customerId: String(event.customerId),
          orderId: String(event.orderId),
          paymentState: 'paid',
          bookedOn,
        });
  if (!posting) return false;
  const inserted = await tx
    .insert(referralCommissions)
    .values({
      partnerId: row.partnerId,
      referredCustomerId: event.customerId,
      kind: event.kind,
      orderId: event.kind === 'paid_order' ? event.orderId : null,
      amountCents: posting.lines[0]!.amountCents,
      postingId: posting.postingId,
      bookedOn,
    })
    .onConflictDoNothing()
    .returning({ id: referralCommissions.id });
  if (inserted.length === 0) return false;
  await post(tx, posting);
  return true;
}

/**
 * A refunded order's commission, in the refund's transaction: still accrued, it is reversed (status
 * `reversed`, a counter posting `referral_commission_reversal:order:{id}`); already settled into a
 * statement it stays paid (decision 017: no claw-back; the operators offset it by hand).
 */
export async function reverseOrderCommission(tx: Db, orderId: number, now: Date = new Date()) {
  const [reversed] = await tx
    .update(referralCommissions)
    .set({ status: 'reversed', reversedAt: now })
    .where(
      and(
        eq(referralCommissions.orderId, orderId),
        eq(referralCommissions.kind, 'paid_order'),
        eq(referralCommissions.status, 'accrued'),
      ),
    )
    .returning();
  if (!reversed) return false;
  const [original] = await tx.select().from(ledgerPostings).where(eq(ledgerPostings.id, reversed.postingId));
  if (!original) return true;
  await post(tx, {
    postingId: `referral_commission_reversal:order:${orderId}`,
    kind: 'referral_commission',
    bookedOn: platformToday(now),
    lines: original.lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' })),
  });
  return true;
}

// --- reading ---------------------------------------------------------------------------------------

/** The outer `customers` row, named in full (drizzle leaves a lone table's columns unqualified). */
const partnerId = sql.raw('"customers"."id"');
const countsOf = () => ({
  registered: sql<number>`(select count(*) from customers r where r.referred_by_id = ${partnerId})`,
  approved: sql<number>`(select count(*) from customers r where r.referred_by_id = ${partnerId} and r.status = 'approved')`,
  investors: sql<number>`(select count(distinct o.customer_id) from orders o join customers r on r.id = o.customer_id
    where r.referred_by_id = ${partnerId} and o.payment_state = 'paid' and r.id <> ${partnerId})`,
  accrued: sql<number>`(select coalesce(sum(c.amount_cents), 0) from referral_commissions c where c.partner_id = ${partnerId} and c.status = 'accrued')`,
  paid: sql<number>`(select coalesce(sum(c.amount_cents), 0) from referral_commissions c where c.partner_id = ${partnerId} and c.status = 'paid')`,
});

type CountRow = { registered: number; approved: number; investors: number; accrued: number; paid: number };
const countsView = (r: CountRow): ReferralCounts => ({
  registered: Number(r.registered),
  approved: Number(r.approved),
  investors: Number(r.investors),
});

const isPartner = (c: {
  referralCommissionPerPaidOrder: number;
  referralCommissionPerRegisteredCustomer: number;
}) => c.referralCommissionPerPaidOrder > 0 || c.referralCommissionPerRegisteredCustomer > 0;

/** The investor's own referral page: link, terms, counts only, and their commission lines. */
export async function getCustomerReferrals(opts: {
  db: Database;
  customerId: number;
  publicUrl: string;
}): Promise<CustomerReferralsView> {
  const [row] = await opts.db
    .select({
      referralCode: customers.referralCode,
      referralCommissionPerPaidOrder: customers.referralCommissionPerPaidOrder,
      referralCommissionPerRegisteredCustomer: customers.referralCommissionPerRegisteredCustomer,
      ...countsOf(),
    })
    .from(customers)
    .where(eq(customers.id, opts.customerId));
  if (!row) throw notFound();
  const lines = await opts.db
    .select({
      id: referralCommissions.id,
      bookedOn: referralCommissions.bookedOn,
      kind: referralCommissions.kind,
      amount: referralCommissions.amountCents,
      status: referralCommissions.status,
    })
    .from(referralCommissions)
    .where(eq(referralCommissions.partnerId, opts.customerId))
    .orderBy(desc(referralCommissions.bookedOn), desc(referralCommissions.id))
    .limit(500);
  return {
    referralCode: row.referralCode,
    referralLink: row.referralCode ? `${opts.publicUrl}/sign-up/${row.referralCode}` : null,
    referralPartner: isPartner(row),
    referralCommissionPerRegisteredCustomer: row.referralCommissionPerRegisteredCustomer,
    referralCommissionPerPaidOrder: row.referralCommissionPerPaidOrder,
    counts: countsView(row),
    accrued: Number(row.accrued),
    paid: Number(row.paid),
    lines: lines satisfies ReferralCommissionLine[],
  };
}

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The operators' partner list: customers with a referral code who referred someone or have terms
 * above 0, newest first; `search` matches name or e-mail.
 */
export async function listReferralPartners(opts: {
  db: Database;
  search?: string | undefined;
  page: Page;
}): Promise<{ items: ReferralPartnerAdminView[]; totalItems: number }> {
  const search = opts.search?.trim();
  const where = and(
    sql`${customers.referralCode} is not null`,
    sql`(${customers.referralCommissionPerPaidOrder} > 0 or ${customers.referralCommissionPerRegisteredCustomer} > 0
      or exists (select 1 from customers r where r.referred_by_id = ${customers.id}))`,
    search
      ? sql`(${customers.email} ilike ${containsPattern(search)}
          or concat_ws(' ', ${customers.firstName}, ${customers.lastName}) ilike ${containsPattern(search)})`
      : undefined,
  );
  const rows = await opts.db
    .select({
      uuid: customers.uuid,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      referralCode: customers.referralCode,
      referralCommissionPerPaidOrder: customers.referralCommissionPerPaidOrder,
      referralCommissionPerRegisteredCustomer: customers.referralCommissionPerRegisteredCustomer,
      ...countsOf(),
      total: sql<number>`count(*) over ()`,
    })
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(opts.page.itemsPerPage)
    .offset((opts.page.page - 1) * opts.page.itemsPerPage);
  const totalItems = await totalOfPage(rows, opts.page, async () => {
    const [c] = await opts.db.select({ n: sql<number>`count(*)` }).from(customers).where(where);
    return c?.n;
  });
  return {
    items: rows.map((r) => ({
      uuid: r.uuid,
      fullName: displayName(r),
      email: r.email,
      referralCode: r.referralCode!,
      referralPartner: isPartner(r),
      referralCommissionPerRegisteredCustomer: r.referralCommissionPerRegisteredCustomer,
      referralCommissionPerPaidOrder: r.referralCommissionPerPaidOrder,
      counts: countsView(r),
      accrued: Number(r.accrued),
      paid: Number(r.paid),
    })),
    totalItems,
  };
}

async function partnerByUuid(db: Db, uuid: string, lock = false) {
  const q = db
    .select()
    .from(customers)
    .where(and(eq(customers.uuid, uuid.toLowerCase()), sql`${customers.referralCode} is not null`));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** One partner as the list shows them. */
async function partnerView(db: Db, partnerId: number): Promise<ReferralPartnerAdminView> {
  const [r] = await db
    .select({
      uuid: customers.uuid,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      referralCode: customers.referralCode,
      referralCommissionPerPaidOrder: customers.referralCommissionPerPaidOrder,
      referralCommissionPerRegisteredCustomer: customers.referralCommissionPerRegisteredCustomer,
      ...countsOf(),
    })
    .from(customers)
    .where(eq(customers.id, partnerId));
  return {
    uuid: r!.uuid,
    fullName: displayName(r!),
    email: r!.email,
    referralCode: r!.referralCode!,
    referralPartner: isPartner(r!),
    referralCommissionPerRegisteredCustomer: r!.referralCommissionPerRegisteredCustomer,
    referralCommissionPerPaidOrder: r!.referralCommissionPerPaidOrder,
    counts: countsView(r!),
    accrued: Number(r!.accrued),
    paid: Number(r!.paid),
  };
}

/** Sets a partner's commission terms (cents); applies to events from now on; audit log. */
export async function setReferralTerms(opts: {
  db: Database;
  uuid: string;
  terms: ReferralTermsInput;
  operatorId: number;
}): Promise<ReferralPartnerAdminView> {
  return opts.db.transaction(async (tx) => {
    const partner = await partnerByUuid(tx, opts.uuid, true);
    await tx
      .update(customers)
      .set({ ...opts.terms, updatedAt: new Date() })
      .where(eq(customers.id, partner.id));
    await appendAuditEntry(tx, {
      customerId: partner.id,
      actorId: opts.operatorId,
      action: 'referral_terms_changed',
      reason: null,
      details: {
        from: {
          referralCommissionPerRegisteredCustomer: partner.referralCommissionPerRegisteredCustomer,
          referralCommissionPerPaidOrder: partner.referralCommissionPerPaidOrder,
        },
        to: opts.terms,
      },
    });
    return partnerView(tx, partner.id);
  });
}

/** A partner's commission lines for operators, newest first; the referred customer as a short id. */
export async function listPartnerCommissions(opts: {
  db: Database;
  uuid: string;
}): Promise<ReferralCommissionAdminLine[]> {
  const partner = await partnerByUuid(opts.db, opts.uuid);
  const rows = await opts.db
    .select({
      id: referralCommissions.id,
      bookedOn: referralCommissions.bookedOn,
      kind: referralCommissions.kind,
      amount: referralCommissions.amountCents,
      status: referralCommissions.status,
      statementId: referralCommissions.statementId,
      referredUuid: customers.uuid,
      orderNumber: orders.number,
    })
    .from(referralCommissions)
    .innerJoin(customers, eq(customers.id, referralCommissions.referredCustomerId))
    .leftJoin(orders, eq(orders.id, referralCommissions.orderId))
    .where(eq(referralCommissions.partnerId, partner.id))
    .orderBy(desc(referralCommissions.bookedOn), desc(referralCommissions.id))
    .limit(1000);
  return rows.map(({ referredUuid, orderNumber, ...r }) => ({
    ...r,
    referredCustomer: shortCustomerId(referredUuid),
    orderNumber: orderNumber ?? null,
  }));
}

const statementColumns = {
  id: referralStatements.id,
  periodFrom: referralStatements.periodFrom,
  periodTo: referralStatements.periodTo,
  total: referralStatements.totalCents,
  payoutId: referralStatements.payoutId,
  payoutStatus: sql<
    'pending' | 'paid' | 'failed'
  >`(select p.status from payouts p where p.id = ${referralStatements.payoutId})`,
  createdAt: referralStatements.createdAt,
  lines: sql<number>`(select count(*) from referral_commissions c where c.statement_id = ${referralStatements.id})`,
};

type StatementRow = Omit<ReferralStatementView, 'createdAt'> & { createdAt: Date };
const statementView = (r: StatementRow): ReferralStatementView => ({
  ...r,
  lines: Number(r.lines),
  createdAt: r.createdAt.toISOString(),
});

/** A partner's commission statements, newest first. */
export async function listPartnerStatements(opts: {
  db: Database;
  uuid: string;
}): Promise<ReferralStatementView[]> {
  const partner = await partnerByUuid(opts.db, opts.uuid);
  const rows = await opts.db
    .select(statementColumns)
    .from(referralStatements)
    .where(eq(referralStatements.partnerId, partner.id))
    .orderBy(desc(referralStatements.id));
  return rows.map(statementView);
}

/**
 * POST statements/{id}/paid: the statement's commission payout booked as paid (the `payout_paid`
 * posting against the partner's payable, once; repeating it changes nothing), audited.
 */
export async function markReferralStatementPaid(opts: {
  db: Database;
  uuid: string;
  statementId: number;
  operatorId: number;
  today?: string;
}): Promise<ReferralStatementView> {
  const partner = await partnerByUuid(opts.db, opts.uuid);
  const [row] = await opts.db
    .select({ payoutId: referralStatements.payoutId })
    .from(referralStatements)
    .where(and(eq(referralStatements.id, opts.statementId), eq(referralStatements.partnerId, partner.id)));
  if (!row) throw notFound();
  await opts.db.transaction(async (tx) => {
    await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, row.payoutId)).for('update');
    await bookPayoutPaid(tx, {
      payoutId: row.payoutId,
      productCode: `referral-statement-${opts.statementId}`,
      operatorId: opts.operatorId,
      today: opts.today ?? platformToday(),
      source: 'operator',
    });
  });
  const [view] = await opts.db
    .select(statementColumns)
    .from(referralStatements)
    .where(eq(referralStatements.id, opts.statementId));
  return statementView(view!);
}

/** The payout day: today, or the next TARGET2 business day. */
const payoutDay = (today: string) => (isTarget2BusinessDay(today) ? today : following(today));

/**
 * Settles every accrued commission of a partner into one commission statement: one `commission`
 * payout (pending; no run, no bond) for the total, the commissions marked paid with the statement,
 * and the audit row, in one transaction with the partner's row locked (two operators at once settle
 * once). Nothing accrued: 409 `referral_commissions_none_accrued`.
 */
export async function createReferralStatement(opts: {
  db: Database;
  uuid: string;
  operatorId: number;
  now?: Date;
}): Promise<ReferralStatementView> {
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const partner = await partnerByUuid(tx, opts.uuid, true);
    const accrued = await tx
      .select()
      .from(referralCommissions)
      .where(and(eq(referralCommissions.partnerId, partner.id), eq(referralCommissions.status, 'accrued')))
      .orderBy(asc(referralCommissions.bookedOn), asc(referralCommissions.id))
      .for('update');
    if (accrued.length === 0) throw new AppError('referral_commissions_none_accrued');
    const total = accrued.reduce((s, c) => s + c.amountCents, 0);
    const periodFrom = accrued[0]!.bookedOn;
    const periodTo = accrued.at(-1)!.bookedOn;
    const [payout] = await tx
      .insert(payouts)
      .values({
        runId: null,
        productId: null,
        customerId: partner.id,
        type: 'commission',
        amountCents: total,
        tokens: 0,
        payoutDate: payoutDay(platformToday(now)),
        periodStart: periodFrom,
        periodEnd: periodTo,
      })
      .returning({ id: payouts.id });
    const [statement] = await tx
      .insert(referralStatements)
      .values({
        partnerId: partner.id,
        periodFrom,
        periodTo,
        totalCents: total,
        payoutId: payout!.id,
        createdBy: opts.operatorId,
        createdAt: now,
      })
      .returning();
    await tx
      .update(referralCommissions)
      .set({ status: 'paid', paidAt: now, statementId: statement!.id })
      .where(and(eq(referralCommissions.partnerId, partner.id), eq(referralCommissions.status, 'accrued')));
    await appendAuditEntry(tx, {
      customerId: partner.id,
      actorId: opts.operatorId,
      action: 'referral_statement_created',
      reason: null,
      details: { statementId: statement!.id, payoutId: payout!.id, totalCents: total, lines: accrued.length },
    });
    return statementView({
      id: statement!.id,
      periodFrom,
      periodTo,
      total,
      payoutId: payout!.id,
      payoutStatus: 'pending',
      createdAt: statement!.createdAt,
      lines: accrued.length,
    });
  });
}

/** What the statement PDF shows: the partner, the statement and its lines (no names of others). */
export type ReferralStatementDocument = {
  statement: ReferralStatementView;
  /** The platform operator paying the commissions (the shop channel's company). */
  platform: string;
  partner: { fullName: string; email: string; referralCode: string; locale: 'de' | 'en' };
  lines: {
    bookedOn: string;
    kind: ReferralCommissionLine['kind'];
    referredCustomer: string;
    amount: number;
  }[];
};

/** A partner's statement with its lines; another partner's statement is 404. */
export async function getReferralStatementDocument(opts: {
  db: Database;
  uuid: string;
  statementId: number;
}): Promise<ReferralStatementDocument> {
  const partner = await partnerByUuid(opts.db, opts.uuid);
  const [row] = await opts.db
    .select(statementColumns)
    .from(referralStatements)
    .where(and(eq(referralStatements.id, opts.statementId), eq(referralStatements.partnerId, partner.id)));
  if (!row) throw notFound();
  const lines = await opts.db
    .select({
      bookedOn: referralCommissions.bookedOn,
      kind: referralCommissions.kind,
      amount: referralCommissions.amountCents,
      referredUuid: customers.uuid,
    })
    .from(referralCommissions)
    .innerJoin(customers, eq(customers.id, referralCommissions.referredCustomerId))
    .where(eq(referralCommissions.statementId, row.id))
    .orderBy(asc(referralCommissions.bookedOn), asc(referralCommissions.id));
  const [channel] = await opts.db
    .select({ companyName: channels.companyName, name: channels.name })
    .from(channels)
    .orderBy(asc(channels.id))
    .limit(1);
  return {
    statement: statementView(row),
    platform: channel?.companyName ?? channel?.name ?? 'Tokenwerk',
    partner: {
      fullName: displayName(partner),
      email: partner.email,
      referralCode: partner.referralCode!,
      locale: partner.locale,
    },
    lines: lines.map(({ referredUuid, ...l }) => ({ ...l, referredCustomer: shortCustomerId(referredUuid) })),
  };
}
