import type { Readable } from 'node:stream';
import { platformToday } from '@token/domain/calendar';
import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import {
  type BondTerms,
  type ExpectedPayoutView,
  expectedPayoutsOf,
  expectedPayoutView,
  type PayoutStatus,
  type PayoutType,
  rational,
  sortExpectedPayouts,
  toDecimalString,
} from '@token/domain/servicing';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bondTerms, couponRuns, customers, type PayoutRowStatus, payouts } from '../../db/schema/index.ts';
import { investorAddress } from '../invoices/invoices.service.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { getReferralStatementDocument } from '../referrals/referrals.service.ts';
import { renderStatementPdf } from '../referrals/statement-pdf.ts';
import { type PayoutStatement, renderPayoutStatementPdf } from './statement-pdf.ts';

/*
 * What the investor reads of their payouts beyond the list (issue 17): one payout's statement as a PDF
 * (their own only: another's is `payout_not_found`, 404, convention 3) and the next expected payments
 * of the bonds they hold now (the domain's `expectedPayoutsOf` on the register's holdings).
 */

const viewStatus: Record<PayoutRowStatus, PayoutStatus> = {
  pending: 'scheduled',
  paid: 'paid',
  failed: 'failed',
};

type Rows<T> = { rows: T[] };

/** The bond's name in `locale`, else in any language, else its code. */
const bondName = (productId: unknown, locale: Locale) => sql`coalesce(
  (select t.name from product_translations t where t.product_id = ${productId} and t.locale = ${locale}),
  (select t.name from product_translations t where t.product_id = ${productId} order by t.locale limit 1),
  (select p.code from products p where p.id = ${productId}))`;

/** "num/den" as the run stored it, parsed back for the decimal shown beside it. */
function fractionDecimal(text: string): string {
  const [num, den = '1'] = text.split('/');
  try {
    return toDecimalString(rational(BigInt(num ?? '0'), BigInt(den)), 10);
  } catch {
    return text;
  }
}

/** The statement of one of the customer's payouts, in `locale`, as PDF bytes. */
export async function payoutStatementPdf(opts: {
  db: Database;
  customerId: number;
  id: number;
  locale: Locale;
  today?: string;
}): Promise<{ id: number; type: PayoutType; locale: Locale; stream: Readable }> {
  const { db, locale } = opts;
  // A commission payout's statement is the referral statement that settled it (issue 17).
  const { rows: commission } = (await db.execute(sql`select s.id, c.uuid from payouts p
      join referral_statements s on s.payout_id = p.id join customers c on c.id = p.customer_id
      where p.id = ${opts.id} and p.customer_id = ${opts.customerId} and p.type = 'commission'`)) as unknown as Rows<{
    id: number;
    uuid: string;
  }>;
  if (commission[0]) {
    const document = await getReferralStatementDocument({
      db,
      uuid: commission[0].uuid,
      statementId: Number(commission[0].id),
    });
    return { id: opts.id, type: 'commission', locale, stream: renderStatementPdf(document, locale) };
  }
  const [row] = await db
    .select({ payout: payouts, run: couponRuns, customer: customers })
    .from(payouts)
    .innerJoin(couponRuns, eq(couponRuns.id, payouts.runId))
    .innerJoin(customers, eq(customers.id, payouts.customerId))
    .where(and(eq(payouts.id, opts.id), eq(payouts.customerId, opts.customerId)));
  // Only payouts of approved runs are stored; a payout of a run not (yet) approved is none to state.
  if (!row || row.run.status === 'prepared') throw new AppError('payout_not_found');
  const { payout, run, customer } = row;
  const [[terms], channel, address, name] = await Promise.all([
    db
      .select({ terms: bondTerms.terms })
      .from(bondTerms)
      .where(and(eq(bondTerms.productId, run.productId), eq(bondTerms.version, run.termsVersion))),
    findShopChannel({ db }),
    investorAddress(db, customer),
    db
      .execute(sql`select ${bondName(payout.productId, locale)} as name`)
      .then((r) => (r as unknown as Rows<{ name: string | null }>).rows[0]?.name ?? null),
  ]);
  if (!channel) throw new AppError('payout_not_found');
  const t: BondTerms | null = terms?.terms ?? null;
  const personName = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null;
  const statement: PayoutStatement = {
    locale,
    statementDate: opts.today ?? platformToday(),
    platform: {
      companyName: channel.companyName,
      address: {
        street: channel.companyStreet,
        postcode: channel.companyPostcode,
        city: channel.companyCity,
        countryCode: channel.companyCountryCode,
      },
      registry: channel.companyRegistry,
      email: channel.contactEmail,
    },
    investor: {
      name: personName,
      companyName: customer.accountType === 'company' ? customer.companyName : null,
      address,
      customerNumber: String(customer.id),
    },
    bond: { name: name ?? '', isin: t?.isin ?? null, issuer: t?.issuer ?? null },
    payout: {
      id: payout.id,
      type: payout.type,
      status: viewStatus[payout.status],
      amountCents: payout.amountCents,
      tokens: payout.tokens,
      paymentDate: payout.payoutDate,
      recordDate: payout.type === 'commission' ? null : run.recordDate,
      periodStart: payout.periodStart,
      periodEnd: payout.periodEnd,
    },
    calculation:
      t && payout.type !== 'commission'
        ? {
            nominalPerTokenCents: t.nominalPerTokenCents,
            couponRateBasisPoints: t.couponRateBasisPoints,
            dayCountConvention: t.dayCountConvention,
            accrualFraction: run.accrualFraction,
            accrualFractionDecimal: fractionDecimal(run.accrualFraction),
          }
        : null,
  };
  return {
    id: payout.id,
    type: payout.type,
    locale,
    stream: renderPayoutStatementPdf(statement, { createdAt: payout.createdAt }),
  };
}

/**
 * GET customer-expected-payouts: for each bond the customer holds in the register now (with terms
 * saved), the coupons ahead within 12 months (at most 4 per bond) at the current holding, and the
 * redemption when maturity falls within that range; by payment date. Expected, not guaranteed.
 */
export async function listExpectedPayouts(opts: {
  db: Database;
  customerId: number;
  locale: Locale;
  today?: string;
}): Promise<ExpectedPayoutView[]> {
  const { db, locale } = opts;
  const today = opts.today ?? platformToday();
  const { rows } = (await db.execute(sql`select h.product_id as "productId", h.balance, p.code,
      ${bondName(sql`h.product_id`, locale)} as name,
      (select bt.terms from bond_terms bt where bt.product_id = h.product_id order by bt.version desc limit 1) as terms
    from register_holdings h join products p on p.id = h.product_id
    where h.customer_id = ${opts.customerId} and h.balance > 0
    order by p.code`)) as unknown as Rows<{
    productId: number;
    balance: number | string;
    code: string;
    name: string | null;
    terms: BondTerms | string | null;
  }>;
  const views: ExpectedPayoutView[] = [];
  for (const r of rows) {
    if (!r.terms) continue;
    const terms = (typeof r.terms === 'string' ? JSON.parse(r.terms) : r.terms) as BondTerms;
    const bond = { code: r.code, name: r.name ?? r.code, terms };
    for (const e of expectedPayoutsOf({ terms, tokens: Number(r.balance), today })) {
      views.push(expectedPayoutView(bond, e));
    }
  }
  return sortExpectedPayouts(views);
}
