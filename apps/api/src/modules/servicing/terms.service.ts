import { AppError, notFound } from '@token/domain/errors';
import {
  type BondTerms,
  type BondTermsVersionView,
  bondProductFacts,
  type CouponScheduleRowView,
  couponSchedule,
  couponScheduleRowView,
  termsChangeRefusal,
} from '@token/domain/servicing';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import {
  attributes,
  bondTerms,
  customers,
  productAttributeValues,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { getBond } from '../register/bond-lookup.ts';

/*
 * A bond's terms (issue 17): each save a new version, the highest in force. Once tokens are sold the
 * terms investors relied on stay (the domain's `termsChangeRefusal`, `bond_terms_locked`).
 */

export type BondTermsRow = typeof bondTerms.$inferSelect;

/** The bond's terms in force (highest version), or null. */
export async function findCurrentTerms(db: Db, productId: number): Promise<BondTermsRow | null> {
  const [row] = await db
    .select()
    .from(bondTerms)
    .where(eq(bondTerms.productId, productId))
    .orderBy(desc(bondTerms.version))
    .limit(1);
  return row ?? null;
}

/** The bond's terms in force; `bond_terms_missing` when none were saved. */
export async function requireCurrentTerms(db: Db, productId: number): Promise<BondTermsRow> {
  const row = await findCurrentTerms(db, productId);
  if (!row) throw new AppError('bond_terms_missing');
  return row;
}

/**
 * Tokens of the bond sold: ordered in completed orders not cancelled or refunded, and never fewer
 * than the register ever minted (a mint without an order still has a holder relying on the terms).
 */
export async function tokensSoldOf(db: Db, productId: number): Promise<number> {
  const { rows } = (await db.execute(sql`select greatest(
      coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where o.product_id = ${productId} and o.checkout_state = 'completed'
          and o.payment_state not in ('cancelled', 'refunded')), 0),
      coalesce((select h.minted from register_heads h where h.product_id = ${productId}), 0)
    )::bigint as sold`)) as unknown as { rows: { sold: number | string }[] };
  return Number(rows[0]?.sold ?? 0);
}

async function toView(db: Db, code: string, row: BondTermsRow): Promise<BondTermsVersionView> {
  const [by] = await db
    .select({ uuid: customers.uuid })
    .from(customers)
    .where(eq(customers.id, row.createdBy));
  return {
    product: code,
    version: row.version,
    terms: row.terms,
    createdAt: row.createdAt.toISOString(),
    createdBy: by!.uuid,
  };
}

/**
 * Writes what follows from the terms onto the product: the order rules' columns, the attribute values
 * the shop shows (those whose attribute exists), and the supply of its one variant while no token is
 * sold (stock on hand moves by the same difference; once sold, supply is a locked term anyway).
 */
async function applyProductFacts(tx: Db, productId: number, terms: BondTerms): Promise<void> {
  const facts = bondProductFacts(terms);
  await tx
    .update(products)
    .set({ ...facts.columns, updatedAt: new Date() })
    .where(eq(products.id, productId));
  const known = await tx.select({ id: attributes.id, code: attributes.code }).from(attributes);
  const idOf = new Map(known.map((a) => [a.code, a.id]));
  const values = facts.attributes
    .filter((a) => idOf.has(a.code))
    .map((a) => ({ productId, attributeId: idOf.get(a.code)!, locale: a.locale, value: a.value }));
  if (values.length > 0) {
    await tx
      .insert(productAttributeValues)
      .values(values)
      .onConflictDoUpdate({
        target: [
          productAttributeValues.productId,
          productAttributeValues.attributeId,
          productAttributeValues.locale,
        ],
        set: { value: sql`excluded.value` },
      });
  }
  const variants = await tx
    .select({
      id: productVariants.id,
      totalSupply: productVariants.totalSupply,
      onHand: productVariants.onHand,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const [only] = variants;
  if (variants.length === 1 && only && only.totalSupply !== terms.totalSupply) {
    if ((await tokensSoldOf(tx, productId)) === 0) {
      const onHand = Math.max(0, only.onHand + terms.totalSupply - only.totalSupply);
      await tx
        .update(productVariants)
        .set({ totalSupply: terms.totalSupply, onHand })
        .where(eq(productVariants.id, only.id));
    }
  }
}

/** GET terms: the version in force; not found before the first save. */
export async function getBondTerms(opts: { db: Database; code: string }): Promise<BondTermsVersionView> {
  const bond = await getBond(opts.db, opts.code);
  const row = await findCurrentTerms(opts.db, bond.id);
  if (!row) throw notFound();
  return toView(opts.db, bond.code, row);
}

/**
 * PUT terms: saves `terms` (validated by `bondTermsSchema` at the route) as the next version, under
 * the bond's row lock so two saves number their versions apart. Refused with `bond_terms_locked` when
 * tokens are sold and a locked field changes. Audit row on the operator's own record.
 */
export async function saveBondTerms(opts: {
  db: Database;
  code: string;
  terms: BondTerms;
  operatorId: number;
}): Promise<BondTermsVersionView> {
  const bond = await getBond(opts.db, opts.code);
  const row = await opts.db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, bond.id)).for('update');
    const current = await findCurrentTerms(tx, bond.id);
    if (current) {
      const refusal = termsChangeRefusal(current.terms, opts.terms, {
        tokensSold: await tokensSoldOf(tx, bond.id),
      });
      if (refusal) throw new AppError(refusal.code, { detail: `locked: ${refusal.fields.join(', ')}` });
    }
    const version = (current?.version ?? 0) + 1;
    await applyProductFacts(tx, bond.id, opts.terms);
    const [saved] = await tx
      .insert(bondTerms)
      .values({ productId: bond.id, version, terms: opts.terms, createdBy: opts.operatorId })
      .returning();
    await appendAuditEntry(tx, {
      customerId: opts.operatorId,
      actorId: opts.operatorId,
      action: 'bond_terms_saved',
      reason: null,
      details: { product: bond.code, version },
    });
    return saved!;
  });
  return toView(opts.db, bond.code, row);
}

/** GET coupon-schedule: the periods of the terms in force (`bond_terms_missing` before a save). */
export async function getCouponSchedule(opts: {
  db: Database;
  code: string;
}): Promise<CouponScheduleRowView[]> {
  const bond = await getBond(opts.db, opts.code);
  const row = await requireCurrentTerms(opts.db, bond.id);
  return couponSchedule(row.terms).map(couponScheduleRowView);
}
