import { multiplyRational, type Rational, rational, roundHalfUp, toSafeInteger } from './rational.ts';

/*
 * Who gets how much of a coupon (regulatory notes: the holders in the register on the record date).
 * Each holder's amount is nominal × tokens × rate × accrual fraction, computed exactly and rounded half
 * up to the cent once, per holder. The run's total is the same formula on all tokens outstanding,
 * rounded once; the remainder (total − what the holders get, negative when rounding up outweighs)
 * is reported, never spread over holders, so the same holding always gets the same amount.
 */

/** A holder's tokens in the register at the end of the record date. */
export type Holding = { holderId: string; tokens: number };

export type CouponInput = {
  nominalPerTokenCents: number;
  couponRateBasisPoints: number;
  /** The period's accrual fraction (schedule.ts). */
  accrualFraction: Rational;
  /** The register on the record date; holders with 0 tokens are left out. */
  holdings: readonly Holding[];
};

export type HolderCoupon = { holderId: string; tokens: number; amountCents: number };

export type CouponAllocation = {
  /** One line per holder with tokens, by holder id (code-point order), whatever order they came in. */
  holders: HolderCoupon[];
  outstandingTokens: number;
  /** The coupon on all tokens outstanding, rounded half up once. */
  totalCents: number;
  /** The sum of the holders' amounts: what the issuer funds and the holders are paid. */
  paidCents: number;
  /** `totalCents − paidCents`: the rounding difference, reported for reconciliation. */
  remainderCents: number;
};

/** The coupon in cents on `tokens` tokens, unrounded. */
function couponOn(tokens: bigint, input: CouponInput): Rational {
  const perYear = rational(
    BigInt(input.nominalPerTokenCents) * tokens * BigInt(input.couponRateBasisPoints),
    10_000,
  );
  return multiplyRational(perYear, input.accrualFraction);
}

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number ≥ 0: ${value}`);
}

/** The holdings with tokens, by holder id; a holder listed twice is a caller's mistake. */
function sortedHoldings(holdings: readonly Holding[]): Holding[] {
  const seen = new Set<string>();
  for (const h of holdings) {
    assertCount(h.tokens, `tokens of ${h.holderId}`);
    if (seen.has(h.holderId)) throw new RangeError(`holder ${h.holderId} listed twice`);
    seen.add(h.holderId);
  }
  return holdings
    .filter((h) => h.tokens > 0)
    .sort((a, b) => (a.holderId < b.holderId ? -1 : a.holderId > b.holderId ? 1 : 0));
}

/** Each holder's coupon for one period, the run's total and the rounding remainder. */
export function allocateCoupon(input: CouponInput): CouponAllocation {
  assertCount(input.nominalPerTokenCents, 'nominal per token');
  assertCount(input.couponRateBasisPoints, 'coupon rate');
  if (input.accrualFraction.num < 0n) throw new RangeError('accrual fraction below 0');
  let outstanding = 0n;
  let paid = 0n;
  const holders = sortedHoldings(input.holdings).map((h) => {
    const amount = roundHalfUp(couponOn(BigInt(h.tokens), input));
    outstanding += BigInt(h.tokens);
    paid += amount;
    return { holderId: h.holderId, tokens: h.tokens, amountCents: toSafeInteger(amount) };
  });
  const total = roundHalfUp(couponOn(outstanding, input));
  return {
    holders,
    outstandingTokens: toSafeInteger(outstanding),
    totalCents: toSafeInteger(total),
    paidCents: toSafeInteger(paid),
    remainderCents: toSafeInteger(total - paid),
  };
}

export type HolderRedemption = {
  holderId: string;
  tokens: number;
  /** The last coupon. */
  couponCents: number;
  /** Nominal × tokens, repaid at maturity. */
  redemptionCents: number;
  /** Coupon plus redemption: the holder's payout. */
  totalCents: number;
  /** The holder's tokens, burned once the redemption is paid (regulatory notes). */
  tokensToBurn: number;
};

export type RedemptionAllocation = {
  holders: HolderRedemption[];
  coupon: Omit<CouponAllocation, 'holders'>;
  redemptionTotalCents: number;
  /** All tokens outstanding: the register is empty after the burn. */
  tokensToBurn: number;
};

/** At maturity: each holder's last coupon plus the nominal of their tokens, and the tokens to burn. */
export function allocateRedemption(input: CouponInput): RedemptionAllocation {
  const { holders, ...coupon } = allocateCoupon(input);
  let redemptionTotal = 0n;
  const lines = holders.map((h) => {
    const redemption = BigInt(input.nominalPerTokenCents) * BigInt(h.tokens);
    redemptionTotal += redemption;
    return {
      holderId: h.holderId,
      tokens: h.tokens,
      couponCents: h.amountCents,
      redemptionCents: toSafeInteger(redemption),
      totalCents: toSafeInteger(redemption + BigInt(h.amountCents)),
      tokensToBurn: h.tokens,
    };
  });
  return {
    holders: lines,
    coupon,
    redemptionTotalCents: toSafeInteger(redemptionTotal),
    tokensToBurn: coupon.outstandingTokens,
  };
}
