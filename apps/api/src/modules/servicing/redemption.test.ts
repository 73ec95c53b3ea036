import { checkLedger, type LedgerPosting } from '@token/domain/servicing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerPostings,
  payouts,
  registerHeads,
  registerHoldings,
  registrarInstructions,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';
import { submitJobsOf } from '../register/register.test-kit.ts';
import { applyRegistrarEvent } from '../register/registrar-events.service.ts';
import { servicedBond } from './servicing.test-kit.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  token = (await operatorWithToken(t.app, t.config.appSecret)).token;
});
afterAll(async () => {
  await t.close();
});

const burnsOf = (productId: number) =>
  t.app.db
    .select()
    .from(registrarInstructions)
    .where(and(eq(registrarInstructions.productId, productId), eq(registrarInstructions.kind, 'burn')))
    .orderBy(registrarInstructions.fromCustomerId);

describe('the redemption run (the final period)', () => {
  it('pays the last coupon with the nominal, stops transfers, and burns every token once approved', async () => {
    const { product, code, holders } = await servicedBond(t, token);
    // Period 5 (2024-03-31 to 2025-03-31) ends at maturity: the redemption.
    const prepared = await admin(t.app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 5 });
    expect(prepared.status).toBe(201);
    const run = prepared.body;
    expect(run).toMatchObject({
      kind: 'redemption',
      status: 'prepared',
      paymentDate: '2025-03-31',
      recordDate: '2025-03-28',
      outstandingTokens: 1_000,
      totalCents: 5_500_000,
      redemptionCents: 100_000_000,
      burn: { queuedTokens: 0, burnedTokens: 0 },
    });
    expect(
      (run.holders as { tokens: number; amountCents: number; redemptionCents: number }[]).map((h) => [
        h.tokens,
        h.amountCents,
        h.redemptionCents,
      ]),
    ).toEqual(expect.arrayContaining(holders.map((h) => [h.tokens, h.tokens * 5_500, h.tokens * 100_000])));
    // From the preparation on, the platform refuses transfers of the bond.
    const [head] = await t.app.db.select().from(registerHeads).where(eq(registerHeads.productId, product.id));
    expect(head!.paused).toBe(true);

    // Tokens still held back for a transfer: the burn would race it, so approval waits.
    const first = holders[0]!.buyer;
    const holdingOf = and(
      eq(registerHoldings.productId, product.id),
      eq(registerHoldings.customerId, first.id),
    );
    await t.app.db.update(registerHoldings).set({ pendingOut: 1 }).where(holdingOf);
    const refused = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${run.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('redemption_transfers_pending');
    expect(await t.app.db.select().from(payouts).where(eq(payouts.runId, run.id))).toEqual([]);
    expect(await burnsOf(product.id)).toEqual([]);
    await t.app.db.update(registerHoldings).set({ pendingOut: 0 }).where(holdingOf);

    const approved = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${run.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      burn: { queuedTokens: 1_000, burnedTokens: 0 },
    });
    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, run.id));
    expect(rows).toHaveLength(3);
    for (const h of holders) {
      const p = rows.find((r) => r.customerId === h.buyer.id)!;
      expect(p).toMatchObject({
        type: 'redemption',
        status: 'pending',
        tokens: h.tokens,
        amountCents: h.tokens * 105_500,
        nominalCents: h.tokens * 100_000,
        payoutDate: '2025-03-31',
      });
    }
    const [posting] = await t.app.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.id, `redemption_run:${run.id}`));
    const asDomain: LedgerPosting = {
      postingId: posting!.id,
      kind: posting!.kind,
      bookedOn: posting!.bookedOn,
      lines: posting!.lines,
    };
    expect(checkLedger([asDomain])).toMatchObject({ ok: true });
    const debits = posting!.lines.filter((l) => l.side === 'debit').reduce((s, l) => s + l.amountCents, 0);
    expect(debits).toBe(105_500_000);

    // One burn per holder of the whole balance, handed to the registrar by a job.
    const burns = await burnsOf(product.id);
    expect(burns.map((b) => [b.fromCustomerId, b.amount, b.status])).toEqual(
      [...holders].sort((a, b) => a.buyer.id - b.buyer.id).map((h) => [h.buyer.id, h.tokens, 'submitted']),
    );
    expect(
      await submitJobsOf(
        t.app.db,
        burns.map((b) => b.id),
      ),
    ).toBe(3);
    // A second approval changes nothing.
    const again = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${run.id}/approve`);
    expect(again.body).toEqual(approved.body);
    expect(await burnsOf(product.id)).toHaveLength(3);

    // The registrar confirms the burns: the register is empty.
    for (const b of burns) {
      const outcome = await applyRegistrarEvent({
        db: t.app.db,
        event: {
          eventId: `evt_burn_${b.id}`,
          type: 'instruction.confirmed',
          key: b.idempotencyKey,
          transactionHash: `0x${'ab'.repeat(32)}`,
          blockTime: new Date().toISOString(),
          fromAddress: b.fromAddress,
          toAddress: null,
          amount: b.amount,
          reason: null,
        },
      });
      expect(outcome).toBe('confirmed');
    }
    const [after] = await t.app.db
      .select()
      .from(registerHeads)
      .where(eq(registerHeads.productId, product.id));
    expect(after!.burned).toBe(after!.minted);
    expect(after!.holders).toBe(0);
    const { rows: left } = await t.app.db.execute<{ n: number }>(
      sql`select coalesce(sum(balance), 0)::int as n from register_holdings where product_id = ${product.id}`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    const done = await admin(t.app, token).get(`/bonds/${code}/coupon-runs/${run.id}`);
    expect(done.body.burn).toEqual({ queuedTokens: 1_000, burnedTokens: 1_000 });
  });
});
