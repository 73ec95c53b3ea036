import { isProfessionalInvestor, normalizeEmail } from '@token/domain/accounts';
import { AppError, notFound } from '@token/domain/errors';
import { customerLifecycle, isStateOf, mayBuyOf, registrarLifecycle } from '@token/domain/onboarding';
import type { WhitelistEntryView } from '@token/domain/register';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.ts';
import { bondWhitelist, customers, registerHoldings, wallets } from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { type BondRow, getBond, partyColumns, partyOf } from './bond-lookup.ts';

/*
 * The whitelist of a bond (issue 16, spec 6 "token transfers only to whitelisted wallets"): the
 * investors admitted, added and removed by an operator with an audit row each. Only approved investors
 * with a custody wallet; a professional-only bond only professional investors; a bond with an investor
 * limit (spec 9: 149) admits no one beyond it, counting holders and whitelisted investors together.
 */

/** pg_advisory_xact_lock(class, bond id): one whitelist change per bond at a time (the limit's count). */
const whitelistLockClass = 16_002;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const addedBy = alias(customers, 'added_by');

/** The customer's tokens of the bond (0 without a holding). */
async function balanceOf(db: Db, productId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ balance: registerHoldings.balance })
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)));
  return row?.balance ?? 0;
}

async function whitelistRows(db: Db, bond: BondRow, customerId?: number): Promise<WhitelistEntryView[]> {
  const rows = await db
    .select({
      customer: partyColumns(customers),
      roles: customers.roles,
      source: bondWhitelist.source,
      addedAt: bondWhitelist.addedAt,
      addedBy: partyColumns(addedBy),
      balance: sql<number>`coalesce((select h.balance from register_holdings h
        where h.product_id = ${bondWhitelist.productId} and h.customer_id = ${bondWhitelist.customerId}), 0)::bigint`,
    })
    .from(bondWhitelist)
    .innerJoin(customers, eq(customers.id, bondWhitelist.customerId))
    .leftJoin(addedBy, eq(addedBy.id, bondWhitelist.addedBy))
    .where(
      and(
        eq(bondWhitelist.productId, bond.id),
        customerId === undefined ? undefined : eq(bondWhitelist.customerId, customerId),
      ),
    )
    .orderBy(desc(bondWhitelist.addedAt), desc(bondWhitelist.customerId));
  return rows.map((r) => ({
    customer: { ...partyOf(r.customer), isProfessional: isProfessionalInvestor(r.roles) },
    source: r.source,
    addedAt: r.addedAt.toISOString(),
    addedBy: r.addedBy?.uuid ? partyOf(r.addedBy as Parameters<typeof partyOf>[0]) : null,
    balance: Number(r.balance),
  }));
}

/** GET whitelist: the investors admitted to the bond, newest first, with source, time and operator. */
export async function listWhitelist(opts: { db: Database; code: string }): Promise<WhitelistEntryView[]> {
  const bond = await getBond(opts.db, opts.code);
  return whitelistRows(opts.db, bond);
}

/** The customer named by uuid or e-mail address, or `whitelist_investor_unknown`. */
async function findInvestor(db: Db, ref: string) {
  const where = uuidPattern.test(ref)
    ? eq(customers.uuid, ref.toLowerCase())
    : eq(customers.email, normalizeEmail(ref));
  const [customer] = await db.select().from(customers).where(where);
  if (!customer) throw new AppError('whitelist_investor_unknown');
  return customer;
}

/** Distinct investors of the bond now: holders with tokens and whitelisted investors, together. */
async function seatsTaken(db: Db, productId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select customer_id from register_holdings where product_id = ${productId} and balance > 0
      union
      select customer_id from bond_whitelist where product_id = ${productId}
    ) seats`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * POST whitelist: admits an approved investor with a custody wallet (spec 5: customer, registrar and
 * identification approved), only professional investors to a professional-only bond, and nobody who
 * would take the bond past its investor limit (holders and whitelisted counted together; someone
 * already holding the bond takes no new seat). Adding someone already admitted answers their entry.
 */
export async function addToWhitelist(opts: {
  db: Database;
  code: string;
  operatorId: number;
  customer: string;
  source: 'operator' | 'email_request';
  reason?: string | undefined;
}): Promise<{ entry: WhitelistEntryView; created: boolean }> {
  const bond = await getBond(opts.db, opts.code);
  const investor = await findInvestor(opts.db, opts.customer);
  const [wallet] = await opts.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.customerId, investor.id), eq(wallets.type, 'custody')));
  const approved = mayBuyOf({
    hasWallet: Boolean(wallet),
    customerStatus: isStateOf(customerLifecycle, investor.status) ? investor.status : null,
    registrarStatus: isStateOf(registrarLifecycle, investor.cryptoRegistrarStatus)
      ? investor.cryptoRegistrarStatus
      : null,
    kycPassed: investor.kycPassed,
    kycState: null,
  });
  if (!approved) throw new AppError('whitelist_investor_not_approved');
  if (bond.professionalOnly && !isProfessionalInvestor(investor.roles)) {
    throw new AppError('whitelist_professional_only');
  }
  const created = await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${whitelistLockClass}::int, ${bond.id}::int)`);
    const [existing] = await tx
      .select({ customerId: bondWhitelist.customerId })
      .from(bondWhitelist)
      .where(and(eq(bondWhitelist.productId, bond.id), eq(bondWhitelist.customerId, investor.id)));
    if (existing) return false;
    if (bond.investorLimit !== null && (await balanceOf(tx, bond.id, investor.id)) === 0) {
      // spec 9: a bond limited to 149 investors admits no 150th, holders and whitelist together.
      if ((await seatsTaken(tx, bond.id)) + 1 > bond.investorLimit) {
        throw new AppError('whitelist_investor_limit_reached');
      }
    }
    await tx.insert(bondWhitelist).values({
      productId: bond.id,
      customerId: investor.id,
      source: opts.source,
      addedBy: opts.operatorId,
    });
    await appendAuditEntry(tx, {
      customerId: investor.id,
      actorId: opts.operatorId,
      action: 'bond_whitelist_added',
      reason: opts.reason ?? null,
      details: { product: bond.code, source: opts.source },
    });
    return true;
  });
  const [entry] = await whitelistRows(opts.db, bond, investor.id);
  return { entry: entry!, created };
}

/**
 * DELETE whitelist/{customerUuid}: removes an investor from the bond's whitelist, refused with
 * `whitelist_investor_holds_tokens` while they hold tokens of it; an investor not on it is not found.
 */
export async function removeFromWhitelist(opts: {
  db: Database;
  code: string;
  operatorId: number;
  customerUuid: string;
  reason?: string | undefined;
}): Promise<void> {
  const bond = await getBond(opts.db, opts.code);
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${whitelistLockClass}::int, ${bond.id}::int)`);
    const [row] = await tx
      .select({ customerId: bondWhitelist.customerId, source: bondWhitelist.source })
      .from(bondWhitelist)
      .innerJoin(customers, eq(customers.id, bondWhitelist.customerId))
      .where(and(eq(bondWhitelist.productId, bond.id), eq(customers.uuid, opts.customerUuid.toLowerCase())));
    if (!row) throw notFound();
    const [holding] = await tx
      .select({ balance: registerHoldings.balance })
      .from(registerHoldings)
      .where(
        and(
          eq(registerHoldings.productId, bond.id),
          eq(registerHoldings.customerId, row.customerId),
          gt(registerHoldings.balance, 0),
        ),
      )
      .for('share');
    if (holding) throw new AppError('whitelist_investor_holds_tokens');
    await tx
      .delete(bondWhitelist)
      .where(and(eq(bondWhitelist.productId, bond.id), eq(bondWhitelist.customerId, row.customerId)));
    await appendAuditEntry(tx, {
      customerId: row.customerId,
      actorId: opts.operatorId,
      action: 'bond_whitelist_removed',
      reason: opts.reason ?? null,
      details: { product: bond.code, source: row.source },
    });
  });
}
