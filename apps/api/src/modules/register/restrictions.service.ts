import { AppError } from '@token/domain/errors';
import {
  type DisposalRestrictionInput,
  type DisposalRestrictionView,
  holdingRestrictionText,
  type RecordedRestriction,
} from '@token/domain/register';
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db, Tx } from '../../db/client.ts';
import { customers, registerDisposalRestrictions, registerHoldings } from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { getBond, partyColumns, partyOf } from './bond-lookup.ts';

/*
 * Disposal restrictions on a holder's position (eWpG § 17 (1) Nr. 6; decision 016 "Disposal
 * restrictions"): the operator enters one (kind, reason, the third party) and lifts it; both in the
 * audit log. Rows are kept when lifted, so an excerpt states the restrictions in force when it was
 * made; `register_holdings.disposal_restriction` is their projection, which the transfer rule reads.
 */

const holder = alias(customers, 'holder');
const setter = alias(customers, 'setter');
const lifter = alias(customers, 'lifter');

type RestrictionRow = typeof registerDisposalRestrictions.$inferSelect;

async function restrictionViews(db: Db, where: ReturnType<typeof and>): Promise<DisposalRestrictionView[]> {
  const rows = await db
    .select({
      r: registerDisposalRestrictions,
      holder: holder.uuid,
      setBy: partyColumns(setter),
      liftedBy: partyColumns(lifter),
    })
    .from(registerDisposalRestrictions)
    .innerJoin(holder, eq(holder.id, registerDisposalRestrictions.customerId))
    .leftJoin(setter, eq(setter.id, registerDisposalRestrictions.setBy))
    .leftJoin(lifter, eq(lifter.id, registerDisposalRestrictions.liftedBy))
    .where(where)
    .orderBy(asc(registerDisposalRestrictions.setAt), asc(registerDisposalRestrictions.id));
  return rows.map(({ r, ...p }) => ({
    id: r.uuid,
    holder: p.holder,
    kind: r.kind,
    reason: r.reason,
    beneficiary: r.beneficiary,
    setAt: r.setAt.toISOString(),
    setBy: p.setBy ? partyOf(p.setBy) : null,
    liftedAt: r.liftedAt?.toISOString() ?? null,
    liftedBy: p.liftedBy ? partyOf(p.liftedBy) : null,
    liftReason: r.liftReason,
  }));
}

/** The restrictions in force on these holders' positions in the bond, by customer id (register view). */
export async function findRestrictionsInForce(
  db: Db,
  productId: number,
  customerIds: number[],
): Promise<Map<string, DisposalRestrictionView[]>> {
  const byHolder = new Map<string, DisposalRestrictionView[]>();
  if (customerIds.length === 0) return byHolder;
  const views = await restrictionViews(
    db,
    and(
      eq(registerDisposalRestrictions.productId, productId),
      inArray(registerDisposalRestrictions.customerId, customerIds),
      isNull(registerDisposalRestrictions.liftedAt),
    ),
  );
  for (const v of views) byHolder.set(v.holder, [...(byHolder.get(v.holder) ?? []), v]);
  return byHolder;
}

/** The restrictions in force on a holder's position at an instant (an excerpt states these). */
export async function restrictionsInForceAt(
  db: Db,
  opts: { productId: number; customerId: number; at: Date },
): Promise<RecordedRestriction[]> {
  const rows = await db
    .select()
    .from(registerDisposalRestrictions)
    .where(
      and(
        eq(registerDisposalRestrictions.productId, opts.productId),
        eq(registerDisposalRestrictions.customerId, opts.customerId),
        lte(registerDisposalRestrictions.setAt, opts.at),
        or(isNull(registerDisposalRestrictions.liftedAt), gt(registerDisposalRestrictions.liftedAt, opts.at)),
      ),
    )
    .orderBy(asc(registerDisposalRestrictions.setAt), asc(registerDisposalRestrictions.id));
  return rows.map(recorded);
}

function recorded(r: RestrictionRow): RecordedRestriction {
  return { kind: r.kind, reason: r.reason, beneficiary: r.beneficiary, setAt: r.setAt.toISOString() };
}

/** Writes the holding's projection from the restrictions in force (under the holding's row lock). */
async function projectOntoHolding(tx: Tx, productId: number, customerId: number, now: Date) {
  const inForce = await tx
    .select()
    .from(registerDisposalRestrictions)
    .where(
      and(
        eq(registerDisposalRestrictions.productId, productId),
        eq(registerDisposalRestrictions.customerId, customerId),
        isNull(registerDisposalRestrictions.liftedAt),
      ),
    )
    .orderBy(asc(registerDisposalRestrictions.setAt), asc(registerDisposalRestrictions.id));
  await tx
    .update(registerHoldings)
    .set({ disposalRestriction: holdingRestrictionText(inForce.map(recorded)), updatedAt: now })
    .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)));
}

/**
 * POST register/holders/{customerUuid}/restrictions: enters a disposal restriction on the holder's
 * position (a holder with tokens of the bond, else `disposal_restriction_not_holder`), under the
 * holding's row lock, so a transfer checked after it is refused (`disposal_restricted`). Audit log.
 * A transfer already with the registrar is not stopped.
 */
export async function setDisposalRestriction(opts: {
  db: Database;
  code: string;
  customerUuid: string;
  operatorId: number;
  input: DisposalRestrictionInput;
  now?: Date;
}): Promise<DisposalRestrictionView> {
  const bond = await getBond(opts.db, opts.code);
  const now = opts.now ?? new Date();
  const id = await opts.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.uuid, opts.customerUuid));
    const [holding] = customer
      ? await tx
          .select({ balance: registerHoldings.balance })
          .from(registerHoldings)
          .where(and(eq(registerHoldings.productId, bond.id), eq(registerHoldings.customerId, customer.id)))
          .for('update')
      : [];
    if (!customer || !holding || holding.balance <= 0) throw new AppError('disposal_restriction_not_holder');
    const [row] = await tx
      .insert(registerDisposalRestrictions)
      .values({
        productId: bond.id,
        customerId: customer.id,
        kind: opts.input.kind,
        reason: opts.input.reason,
        beneficiary: opts.input.beneficiary ?? null,
        setAt: now,
        setBy: opts.operatorId,
      })
      .returning();
    await projectOntoHolding(tx, bond.id, customer.id, now);
    await appendAuditEntry(tx, {
      customerId: customer.id,
      actorId: opts.operatorId,
      action: 'register_disposal_restriction_set',
      reason: opts.input.reason,
      details: {
        product: bond.code,
        restriction: row!.uuid,
        kind: row!.kind,
        beneficiary: row!.beneficiary,
        balance: holding.balance,
      },
    });
    return row!.id;
  });
  const [view] = await restrictionViews(opts.db, and(eq(registerDisposalRestrictions.id, id)));
  return view!;
}

/**
 * POST register/restrictions/{id}/lift: ends a restriction in force (kept, with when, who and why);
 * unknown (or of another bond) `disposal_restriction_not_found`, lifted before
 * `disposal_restriction_already_lifted`. The holding's projection follows; audit log.
 */
export async function liftDisposalRestriction(opts: {
  db: Database;
  code: string;
  restrictionId: string;
  operatorId: number;
  reason: string;
  now?: Date;
}): Promise<DisposalRestrictionView> {
  const bond = await getBond(opts.db, opts.code);
  const now = opts.now ?? new Date();
  const id = await opts.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ customerId: registerDisposalRestrictions.customerId })
      .from(registerDisposalRestrictions)
      .where(
        and(
          eq(registerDisposalRestrictions.uuid, opts.restrictionId),
          eq(registerDisposalRestrictions.productId, bond.id),
        ),
      );
    if (!found) throw new AppError('disposal_restriction_not_found');
    // The holding's lock first, as when entering one, then the restriction itself.
    await tx
      .select({ balance: registerHoldings.balance })
      .from(registerHoldings)
      .where(and(eq(registerHoldings.productId, bond.id), eq(registerHoldings.customerId, found.customerId)))
      .for('update');
    const [row] = await tx
      .select()
      .from(registerDisposalRestrictions)
      .where(eq(registerDisposalRestrictions.uuid, opts.restrictionId))
      .for('update');
    if (row!.liftedAt) throw new AppError('disposal_restriction_already_lifted');
    await tx
      .update(registerDisposalRestrictions)
      .set({ liftedAt: now, liftedBy: opts.operatorId, liftReason: opts.reason })
      .where(eq(registerDisposalRestrictions.id, row!.id));
    await projectOntoHolding(tx, bond.id, row!.customerId, now);
    await appendAuditEntry(tx, {
      customerId: row!.customerId,
      actorId: opts.operatorId,
      action: 'register_disposal_restriction_lifted',
      reason: opts.reason,
      details: {
        product: bond.code,
        restriction: row!.uuid,
        kind: row!.kind,
        setAt: row!.setAt.toISOString(),
      },
    });
    return row!.id;
  });
  const [view] = await restrictionViews(opts.db, and(eq(registerDisposalRestrictions.id, id)));
  return view!;
}
