import { randomUUID } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import type { BondPauseView } from '@token/domain/register';
import { genesisHash } from '@token/domain/register';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { registerHeads, registerHoldings } from '../../db/schema/index.ts';
import type { RegistrarPort } from '../../partners/registrar/port.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { getBond } from './bond-lookup.ts';

/*
 * The operator's pause of a bond's token: the platform's state on `register_heads.paused` (the
 * transfer rule refuses `bond_paused` while it is set) and the registrar's (the sandbox's flag, the
 * contract's `pause()`). The order keeps the platform at least as strict as the registrar: a pause is
 * stored before the registrar is told, an unpause after the registrar confirmed the call, so a
 * registrar that cannot be reached leaves transfers refused rather than allowed.
 */

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** The bond's pause state (not paused when it has no register head yet). */
export async function getBondPause(opts: { db: Db; code: string }): Promise<BondPauseView> {
  const bond = await getBond(opts.db, opts.code);
  const [head] = await opts.db
    .select({ paused: registerHeads.paused, changedAt: registerHeads.pausedChangedAt })
    .from(registerHeads)
    .where(eq(registerHeads.productId, bond.id));
  return {
    product: bond.code,
    paused: head?.paused ?? false,
    changedAt: head?.changedAt?.toISOString() ?? null,
    transactionHash: null,
  };
}

/** Whether the bond's token is paused: what the transfer rule's `bond.paused` must be given. */
export async function isBondPaused(db: Db, productId: number): Promise<boolean> {
  const [head] = await db
    .select({ paused: registerHeads.paused })
    .from(registerHeads)
    .where(eq(registerHeads.productId, productId));
  return head?.paused ?? false;
}

/**
 * Pauses or unpauses the bond's token on the platform and at the registrar, with an audit row for
 * each holder of the bond and one on the operator's own record. Repeating it is harmless. A
 * registrar that cannot be reached answers `partner_unavailable` (a pause then stays stored).
 */
export async function setBondPaused(opts: {
  db: Database;
  registrar: RegistrarPort;
  code: string;
  paused: boolean;
  operatorId: number;
  reason: string;
  log?: Log;
}): Promise<BondPauseView> {
  const { db, paused } = opts;
  const bond = await getBond(db, opts.code);
  const registrarBond = { code: bond.code, tokenId: bond.tokenId };
  const tellRegistrar = async () => {
    try {
      return await opts.registrar.setPaused({
        db,
        bond: registrarBond,
        paused,
        key: `${paused ? 'pause' : 'unpause'}:${bond.code}:${randomUUID()}`,
      });
    } catch (error) {
      opts.log?.warn(
        { product: bond.code, paused, error: error instanceof Error ? error.message : String(error) },
        'bond pause: the registrar could not be reached',
      );
      throw new AppError('partner_unavailable');
    }
  };

  const sent = paused ? null : await tellRegistrar();
  const changedAt = await db.transaction(async (tx) => {
    await tx
      .insert(registerHeads)
      .values({ productId: bond.id, lastHash: genesisHash })
      .onConflictDoNothing();
    const [head] = await tx
      .select()
      .from(registerHeads)
      .where(eq(registerHeads.productId, bond.id))
      .for('update');
    if (head!.paused === paused) return head!.pausedChangedAt;
    const now = new Date();
    await tx
      .update(registerHeads)
      .set({ paused, pausedChangedAt: now })
      .where(eq(registerHeads.productId, bond.id));
    const holders = await tx
      .select({ customerId: registerHoldings.customerId })
      .from(registerHoldings)
      .where(and(eq(registerHoldings.productId, bond.id), gt(registerHoldings.balance, 0)));
    const action = paused ? 'register_token_paused' : 'register_token_unpaused';
    const details = { product: bond.code, holders: holders.length };
    for (const customerId of new Set([opts.operatorId, ...holders.map((h) => h.customerId)])) {
      await appendAuditEntry(tx, {
        customerId,
        actorId: opts.operatorId,
        action,
        reason: opts.reason,
        details,
      });
    }
    return now;
  });
  const answer = paused ? await tellRegistrar() : sent;
  return {
    product: bond.code,
    paused,
    changedAt: changedAt?.toISOString() ?? null,
    transactionHash: answer?.transactionHash ?? null,
  };
}
