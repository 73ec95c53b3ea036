import { checkLedger, type LedgerPosting } from '@token/domain/servicing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponRuns,
  ledgerPostings,
  mailOutbox,
  payouts,
  registerHeads,
  registerHoldings,
  registrarInstructions,
} from '../../db/schema/index.ts';
import { couponRunsDueJob } from '../../jobs/coupon-runs-due.job.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';
import { submitJobsOf } from '../register/register.test-kit.ts';
import { applyRegistrarEvent } from '../register/registrar-events.service.ts';
import { prepareDueCouponRuns } from './coupon-runs.service.ts';
import { servicedBond } from './servicing.test-kit.ts';

let t: TestApp;
let token: string;
let operatorEmail: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  const op = await operatorWithToken(t.app, t.config.appSecret, { locale: 'en' });
  token = op.token;
  operatorEmail = op.operator.email;
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
    const runId = run.id as number;
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
    const refused = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('redemption_transfers_pending');
    expect(await t.app.db.select().from(payouts).where(eq(payouts.runId, runId))).toEqual([]);
    expect(await burnsOf(product.id)).toEqual([]);
    await t.app.db.update(registerHoldings).set({ pendingOut: 0 }).where(holdingOf);

    const approved = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      burn: { queuedTokens: 1_000, burnedTokens: 0 },
    });
    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
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
      .where(eq(ledgerPostings.id, `redemption_run:${runId}`));
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
    const again = await admin(t.app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`);
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
    const done = await admin(t.app, token).get(`/bonds/${code}/coupon-runs/${runId}`);
    expect(done.body.burn).toEqual({ queuedTokens: 1_000, burnedTokens: 1_000 });

    // Paying a holder tells them once, in their language, with the nominal and interest apart.
    const big = holders[2]!;
    const payout = rows.find((r) => r.customerId === big.buyer.id)!;
    const paidUrl = `/bonds/${code}/coupon-runs/${runId}/payouts/${payout.id}/paid`;
    expect((await admin(t.app, token).post(paidUrl)).status).toBe(200);
    expect((await admin(t.app, token).post(paidUrl)).status).toBe(200);
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'payout_paid'), eq(mailOutbox.toAddress, big.buyer.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Rückzahlung Ihrer Anleihe ${code} ausgezahlt`);
    const text = mails[0]!.text.replace(/\u00a0/g, ' ');
    expect(text).toContain('1.044.450,00 € mit Valuta 31.03.2025');
    expect(text).toContain('990.000,00 € Nennbetrag und 54.450,00 € Zinsen');
    expect(mails[0]!.text).toContain('ohne Abzug von Kapitalertragsteuer');
  });
});

describe('the daily job that prepares runs after their record date', () => {
  const runsOf = async (productId: number) =>
    (
      await t.app.db
        .select({
          periodIndex: couponRuns.periodIndex,
          kind: couponRuns.kind,
          preparedBy: couponRuns.preparedBy,
        })
        .from(couponRuns)
        .where(eq(couponRuns.productId, productId))
        .orderBy(couponRuns.periodIndex)
    ).map((r) => [r.periodIndex, r.kind, r.preparedBy]);
  const noticesOf = async (code: string) =>
    (
      await t.app.db
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.template, 'coupon_run_prepared'), sql`${mailOutbox.subject} like ${`%${code}`}`),
        )
    ).filter((m) => m.to === operatorEmail);

  it('prepares each period whose record date has ended once, and tells the operators in their language', async () => {
    const { product, code } = await servicedBond(t, token);
    const mail = await mailContext({ db: t.app.db, partners: t.app.partners, config: t.config });
    // On 1 June 2022 the record dates of 2021 and 2022 (30 March each) have passed.
    const first = await prepareDueCouponRuns({ db: t.app.db, today: '2022-06-01', mail });
    expect(first.filter((r) => r.product === code).map((r) => r.periodIndex)).toEqual([1, 2]);
    expect(await runsOf(product.id)).toEqual([
      [1, 'coupon', null],
      [2, 'coupon', null],
    ]);
    const notices = await noticesOf(code);
    expect(notices.map((n) => n.subject)).toEqual([
      `Coupon run (period 1) prepared: ${code}`,
      `Coupon run (period 2) prepared: ${code}`,
    ]);
    expect(notices[0]!.text).toContain('3 holders');
    expect(notices[0]!.text).toContain(`/admin/bonds/${code}`);
    // The same day again: nothing new, no second notice.
    const again = await prepareDueCouponRuns({ db: t.app.db, today: '2022-06-01', mail });
    expect(again.filter((r) => r.product === code)).toEqual([]);
    expect(await noticesOf(code)).toHaveLength(2);

    // The scheduled job itself, today: the remaining periods, the last one the redemption.
    await t.jobs.enqueue(t.app.db, couponRunsDueJob, {});
    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await runsOf(product.id)).toEqual([
      [1, 'coupon', null],
      [2, 'coupon', null],
      [3, 'coupon', null],
      [4, 'coupon', null],
      [5, 'redemption', null],
    ]);
    expect((await noticesOf(code)).map((n) => n.subject).at(-1)).toBe(`Redemption run prepared: ${code}`);
    const [head] = await t.app.db.select().from(registerHeads).where(eq(registerHeads.productId, product.id));
    expect(head!.paused).toBe(true);
    // Run twice (as after a crash and a retry): still one run per period.
    await t.jobs.enqueue(t.app.db, couponRunsDueJob, {});
    await t.jobs.drain();
    expect(await runsOf(product.id)).toHaveLength(5);
    expect(await noticesOf(code)).toHaveLength(5);
  });
});
