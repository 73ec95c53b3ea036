import {
  addCalendarMonths,
  addCalendarYears,
  addDays,
  daysInMonth,
  platformToday,
} from '@token/domain/calendar';
import { type BondTerms, couponSchedule } from '@token/domain/servicing';
import { eq, sql } from 'drizzle-orm';
import { appendRegisterEntry } from '../../modules/register/journal.service.ts';
import {
  approveCouponRun,
  markPayoutPaid,
  prepareCouponRun,
} from '../../modules/servicing/coupon-runs.service.ts';
import { saveBondTerms } from '../../modules/servicing/terms.service.ts';
import type { Database, Tx } from '../client.ts';
import {
  couponRuns,
  customers,
  orders,
  payouts,
  productVariants,
  sandboxRegistrarBalances,
  taxCategories,
} from '../schema/index.ts';
import { demoOperator } from './content/operators.ts';
import { seedOrder, seedProduct } from './factories.ts';
import { isinFromWkn } from './isin.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';

/*
 * Bond servicing demo (issue 17, docs/demo-data.md "Servicing"): three bonds that are no longer
 * offered (their subscription closed, so the shop does not list them) held by Jonas Wagner (Clara
 * Neumann, the receiver of his transfers, holds nothing), so every servicing screen has something to show:
 * - STADTWERK_KIEL: quarterly coupons, the last two paid; the next payment about a month ahead.
 * - QUARTIER_ERFURT: annual coupon, its record date a few days ahead (the daily job prepares it).
 * - KITA_POTSDAM_2025: matured on 30 June 2025, coupons and redemption paid, every token burned.
 * Dates of the first two follow the day the demo is seeded, so the story holds whenever it starts.
 */

type DemoBond = {
  code: string;
  wkn: string;
  name: { de: string; en: string };
  issuer: string;
  rateBasisPoints: number;
  frequency: BondTerms['couponFrequency'];
  issueDate: string;
  firstCouponDate: string;
  maturityDate: string;
  supply: number;
  taxon: string;
  /** Tokens per holder (by demo e-mail). */
  holders: [string, number][];
};

/** The last day of `date`'s month. */
const monthEnd = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return `${date.slice(0, 8)}${String(daysInMonth(y, m)).padStart(2, '0')}`;
};

/** The codes of the servicing demo bonds (not in the shop's lists). */
export const servicingDemoBondCodes = ['STADTWERK_KIEL', 'QUARTIER_ERFURT', 'KITA_POTSDAM_2025'] as const;

/** The three servicing demo bonds, their dates from `today`. */
export function servicingDemoBonds(today: string): DemoBond[] {
  // Quarterly: coupons at the end of the months 5 and 2 months back have been paid; the next is ahead.
  const kielFirst = monthEnd(addCalendarMonths(`${today.slice(0, 8)}01`, -5));
  const kielIssue = monthEnd(addCalendarMonths(kielFirst, -3));
  // Annual: the coupon a week from today, its record date a business day or so before.
  const erfurtCoupon = addDays(today, 7);
  return [
    {
      code: 'STADTWERK_KIEL',
      wkn: 'A4E7K1',
      name: { de: 'Stadtwerk Kiel Wärmenetz', en: 'Kiel Municipal Heat Network' },
      issuer: 'Stadtwerk Kiel Wärme GmbH',
      rateBasisPoints: 575,
      frequency: 'quarterly',
      issueDate: kielIssue,
      firstCouponDate: kielFirst,
      maturityDate: monthEnd(addCalendarYears(kielIssue, 3)),
      supply: 3_000_000,
      taxon: 'bonds_energy',
      holders: [[onboardingDemoPeople.approved, 12_000]],
    },
    {
      code: 'QUARTIER_ERFURT',
      wkn: 'A4E7Q2',
      name: { de: 'Wohnquartier Erfurt-Süd', en: 'Erfurt South Residential Quarter' },
      issuer: 'Quartier Erfurt Süd Projekt GmbH',
      rateBasisPoints: 525,
      frequency: 'annual',
      issueDate: addCalendarYears(erfurtCoupon, -1),
      firstCouponDate: erfurtCoupon,
      maturityDate: addCalendarYears(erfurtCoupon, 2),
      supply: 2_000_000,
      taxon: 'bonds_real_estate',
      holders: [[onboardingDemoPeople.approved, 20_000]],
    },
    {
      code: 'KITA_POTSDAM_2025',
      wkn: 'A3K1P5',
      name: { de: 'Kita-Campus Potsdam 2025', en: 'Potsdam Daycare Campus 2025' },
      issuer: 'Kita-Campus Potsdam gGmbH',
      rateBasisPoints: 400,
      frequency: 'annual',
      issueDate: '2022-06-30',
      firstCouponDate: '2023-06-30',
      maturityDate: '2025-06-30',
      supply: 1_000_000,
      taxon: 'bonds_sme',
      holders: [[onboardingDemoPeople.approved, 8_000]],
    },
  ];
}

function termsOf(b: DemoBond): BondTerms {
  return {
    isin: isinFromWkn(b.wkn),
    issuer: b.issuer,
    nominalPerTokenCents: 100,
    issueVolumeCents: b.supply * 100,
    totalSupply: b.supply,
    couponRateBasisPoints: b.rateBasisPoints,
    couponFrequency: b.frequency,
    dayCountConvention: 'act_act_icma',
    issueDate: b.issueDate,
    firstCouponDate: b.firstCouponDate,
    maturityDate: b.maturityDate,
    businessDayConvention: 'following',
    recordDateOffsetBusinessDays: 1,
    subscriptionStart: addCalendarMonths(b.issueDate, -2),
    subscriptionEnd: b.issueDate,
    minimumSubscriptionCents: null,
    maximumOrderCentsNonProfessional: null,
    professionalOnly: false,
    investorLimit: null,
    exclusive: false,
  };
}

/** 10:00 in Berlin (09:00 UTC is close enough for a demo) on `day`. */
const at = (day: string, hour = 9) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/**
 * Seeds the servicing demo inside the demo transaction (needs the demo investors and operator): the
 * bonds with their terms, each holder's paid and minted order, the journal's mints, the sandbox
 * registrar's balances, and the coupon and redemption runs the operator approved and paid.
 */
export async function seedServicingDemo(tx: Tx, opts: { today?: string } = {}): Promise<void> {
  const today = opts.today ?? platformToday();
  const db = tx as unknown as Database;
  const [operator] = await tx.select().from(customers).where(eq(customers.email, demoOperator.email));
  if (!operator) return;
  const [bondTax] = await tx.select().from(taxCategories).where(eq(taxCategories.code, 'bonds'));
  for (const b of servicingDemoBonds(today)) {
    const terms = termsOf(b);
    const { product, variant } = await seedProduct(tx, {
      code: b.code,
      // no longer offered: the subscription closed at the issue
      enabled: false,
      royalties: 0,
      blockchainName: 'Polygon',
      taxonCode: b.taxon,
      taxCategoryId: bondTax?.id ?? null,
      quantityStep: 1_000,
      createdAt: at(terms.subscriptionStart),
      translations: {
        de: {
          name: b.name.de,
          shortDescription: `${b.issuer}: ${(b.rateBasisPoints / 100).toFixed(2).replace('.', ',')} % p. a., Zeichnung beendet`,
          description: `Anleihe der ${b.issuer} mit ${(b.rateBasisPoints / 100).toFixed(2).replace('.', ',')} % Zinsen pro Jahr. Die Zeichnungsfrist ist beendet; die Token sind im Kryptowertpapierregister eingetragen.`,
        },
        en: {
          name: b.name.en,
          shortDescription: `${b.issuer}: ${(b.rateBasisPoints / 100).toFixed(2)}% p.a., subscription closed`,
          description: `Bond of ${b.issuer} paying ${(b.rateBasisPoints / 100).toFixed(2)}% interest a year. The subscription period has ended; the tokens are entered in the crypto securities register.`,
        },
      },
      variant: {
        totalSupply: b.supply,
        onHand: b.supply,
        onHold: 0,
        price: 100,
        names: { de: `${b.name.de} – Token`, en: `${b.name.en} – token` },
      },
    });
    await saveBondTerms({ db, code: b.code, terms, operatorId: operator.id });

    // Each holder's order, placed in the subscription period, paid, minted a day before the issue.
    const mintedOn = addDays(b.issueDate, -1);
    for (const [i, [email, tokens]] of b.holders.entries()) {
      const [holder] = await tx.select().from(customers).where(eq(customers.email, email));
      if (!holder) continue;
      const { order } = await seedOrder(tx, {
        customerId: holder.id,
        variant: variant!,
        quantity: tokens,
        state: 'completed',
        paymentState: 'paid',
        localeCode: holder.locale ?? 'de',
        completedAt: at(addDays(b.issueDate, -10 + i)),
        statements: {
          notUsOrCanadaTaxpayer: true,
          totalLossRisk: true,
          illiquidityRisk: true,
          informationTruthful: true,
          actingOnOwnAccount: true,
          documentsReceived: true,
        },
        declarations: { freeAssetsAtLeast100k: true, averageMonthlyNetIncomeCents: null },
      });
      await tx.update(orders).set({ shippingState: 'shipped' }).where(eq(orders.id, order.id));
      await tx
        .update(productVariants)
        .set({
          onHand: sql`${productVariants.onHand} - ${tokens}`,
          onHold: sql`greatest(0, ${productVariants.onHold} - ${tokens})`,
        })
        .where(eq(productVariants.id, variant!.id));
      await appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: holder.id,
        amount: tokens,
        cause: { type: 'order', orderId: String(order.id) },
        now: at(mintedOn, 10 + i),
      });
    }

    // The coupons whose payment date has passed: prepared, approved and paid as the operator did.
    for (const period of couponSchedule(terms)) {
      if (period.paymentDate >= today) break;
      const { run } = await prepareCouponRun({
        db,
        code: b.code,
        periodIndex: period.index,
        operatorId: operator.id,
        today: addDays(period.recordDate, 1),
      });
      if (period.isFinal) {
        // The registrar burned every token the day of the redemption (its confirmation, as booked).
        for (const [i, h] of run.holders.entries()) {
          const [holder] = await tx.select().from(customers).where(eq(customers.uuid, h.customer.uuid));
          await appendRegisterEntry(tx, {
            productId: product.id,
            kind: 'burn',
            fromCustomerId: holder!.id,
            toCustomerId: null,
            amount: h.tokens,
            cause: { type: 'redemption', reference: `coupon-run-${run.id}` },
            now: at(period.paymentDate, 12 + i),
          });
        }
      }
      await approveCouponRun({
        db,
        code: b.code,
        runId: run.id,
        operatorId: operator.id,
        today: addDays(period.recordDate, 1),
      });
      const due = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.runId, run.id));
      for (const p of due) {
        await markPayoutPaid({
          db,
          code: b.code,
          runId: run.id,
          payoutId: p.id,
          operatorId: operator.id,
          today: period.paymentDate,
        });
      }
      // When it happened, as the operator did it (the rows carry the seed's time otherwise).
      await tx
        .update(payouts)
        .set({ paidAt: at(period.paymentDate, 14), createdAt: at(addDays(period.recordDate, 1), 10) })
        .where(eq(payouts.runId, run.id));
      await tx
        .update(couponRuns)
        .set({
          preparedAt: at(addDays(period.recordDate, 1), 8),
          approvedAt: at(addDays(period.recordDate, 1), 10),
        })
        .where(eq(couponRuns.id, run.id));
    }

    // The sandbox registrar holds what the register holds (burned bonds: nothing).
    const { rows } = (await tx.execute(sql`select h.balance, w.address from register_holdings h
        join wallets w on w.customer_id = h.customer_id and w.type = 'custody'
        where h.product_id = ${product.id} and h.balance > 0`)) as unknown as {
      rows: { balance: number | string; address: string }[];
    };
    for (const r of rows) {
      await tx
        .insert(sandboxRegistrarBalances)
        .values({ bondCode: b.code, address: r.address, balance: Number(r.balance) })
        .onConflictDoNothing();
    }
  }
}
