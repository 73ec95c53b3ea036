import type { AccountType, CompanyType } from '../accounts/kinds.ts';

/**
 * Who may subscribe how much of an offer (spec 5 investment rules, spec 9, WpPG § 6). One function,
 * `evaluateSubscription`, answers every reason a proposed quantity is refused and the largest
 * quantity allowed; the API checks it on every change of the order and again, under lock, when the
 * order completes; the web shows the same answer early.
 */

/** WpPG § 6 Nr. 1: up to 1,000 EUR without further statement. */
export const limitWithoutStatementCents = 100_000;
/** WpPG § 6 Nr. 2 a: up to 10,000 EUR with declared free assets of at least 100,000 EUR. */
export const limitWithFreeAssetsCents = 1_000_000;
/** WpPG § 6 Nr. 2 a: the free assets an investor declares to reach that limit (100,000 EUR). */
export const freeAssetsThresholdCents = 10_000_000;
/** WpPG § 6 Nr. 2 b: twice the average monthly net income, at most 25,000 EUR. */
export const limitByIncomeCapCents = 2_500_000;

/**
 * Kapitalgesellschaften among the spec 3 company types (WpPG § 6: "nicht für Kapitalgesellschaften"):
 * AG (public company), GmbH (limited liability company), UG (small limited company) and the Ltd
 * (limited company). A GmbH & Co. KG, a KG, a cooperative and a foundation are no
 * Kapitalgesellschaften, so the limits hold for them (decision 011).
 */
export const corporationCompanyTypes = [
  'public_company',
  'limited_liability_company',
  'small_limited_company',
  'limited_company',
] as const satisfies readonly CompanyType[];

export type Subscriber = {
  accountType: AccountType;
  companyType: CompanyType | null;
  /** spec 6: role `professional_investor`. */
  isProfessional: boolean;
};

/** The § 6 self-disclosure (WpHG § 65a), given with the order's completion and stored on it. */
export type Section6Declarations = {
  /** Freely available assets (bank deposits and financial instruments) of at least 100,000 EUR. */
  freeAssetsAtLeast100k: boolean;
  /** Average monthly net income in cents; null when not declared. */
  averageMonthlyNetIncomeCents: number | null;
};

export type Offer = {
  /** Price of one token in cents. */
  unitPriceCents: number;
  /** spec 5/9: quantities in multiples of this many tokens (decision 011). */
  quantityStep: number;
  professionalOnly: boolean;
  /** Minimum amount of one subscription in cents (non-professionals and professionals alike). */
  minimumSubscriptionCents: number | null;
  /** Maximum amount of one order of a non-professional in cents. */
  maximumOrderCentsNonProfessional: number | null;
  /** At most this many distinct investors may hold the bond (spec 1: 149); null = no cap. */
  investorLimit: number | null;
  /** `max(0, onHand - onHold)` (decision 001); null when the variant is not tracked. */
  availableQuantity: number | null;
  /**
   * Whether the product is a security (`isSecurity` of the catalogue; absent = a security). A
   * collectible is bought, not subscribed (issue 18): no WpPG § 6 limit, no minimum subscription,
   * no maximum order, no investor cap; only its step and its stock bound the quantity.
   */
  isSecurity?: boolean;
};

/** What the subscriber already holds of this offer (completed orders neither cancelled nor refunded). */
export type Holding = {
  existingTotalCents: number;
  /** The subscriber already holds the bond, so takes no new investor seat. */
  isExistingInvestor: boolean;
  /** Distinct investors holding the bond now. */
  distinctInvestors: number;
};

export const subscriptionRefusals = [
  'professional_only',
  'quantity_invalid',
  'quantity_step',
  'minimum_subscription',
  'maximum_order',
  'investment_limit_exceeded',
  'investor_limit_reached',
  'insufficient_stock',
] as const;
export type SubscriptionRefusal = (typeof subscriptionRefusals)[number];

/** What binds the largest quantity allowed. */
export type QuantityBound = 'stock' | 'maximum_order' | 'investment_limit' | null;

export type SubscriptionAnswer = {
  /** Every reason the proposed quantity is refused; empty when it is allowed. */
  refusals: SubscriptionRefusal[];
  /** The largest quantity (a multiple of the step) allowed now; 0 when none. */
  maxQuantity: number;
  /** The smallest quantity meeting the step and the minimum subscription. */
  minQuantity: number;
  boundBy: QuantityBound;
  /** The § 6 limit on the subscriber's total in this offer, in cents; null = not limited. */
  investmentLimitCents: number | null;
  /** The amount above 1,000 EUR needs the § 6 self-disclosure (spec 5 checkboxes). */
  needsDeclaration: boolean;
  /** spec 5: "Low remaining tokens: a message appears when the maximum currently buyable is reached." */
  lowRemainingTokens: boolean;
};

export function isCorporation(subscriber: Pick<Subscriber, 'accountType' | 'companyType'>): boolean {
  return (
    subscriber.accountType === 'company' &&
    subscriber.companyType !== null &&
    (corporationCompanyTypes as readonly string[]).includes(subscriber.companyType)
  );
}

/** Whether WpPG § 6 limits this subscriber at all: not professionals, not corporations. */
export function isSubjectToInvestmentLimit(subscriber: Subscriber): boolean {
  return !subscriber.isProfessional && !isCorporation(subscriber);
}

/**
 * WpPG § 6: the limit on the subscriber's total in one offer, in cents; null = not limited. Without
 * declarations (null) 1,000 EUR. The higher applicable limit counts: free assets give 10,000 EUR,
 * income gives twice the monthly net income up to 25,000 EUR (so high income without the assets can
 * still reach 25,000 EUR, regulatory notes).
 */
export function investmentLimitCents(
  subscriber: Subscriber,
  declarations: Section6Declarations | null,
): number | null {
  return investmentLimitOf(subscriber, declarations)?.cents ?? null;
}

/** Which WpPG § 6 rule gives the limit: none declared (Nr. 1), the free assets (Nr. 2 a), the income (Nr. 2 b). */
export type InvestmentLimitRule = 'base' | 'assets' | 'income';

/**
 * WpPG § 6: the limit and the rule that gives it; null = not limited. When the free assets and the
 * income give the same amount, the free assets are named (the simpler declaration).
 */
export function investmentLimitOf(
  subscriber: Subscriber,
  declarations: Section6Declarations | null,
): { cents: number; rule: InvestmentLimitRule } | null {
  if (!isSubjectToInvestmentLimit(subscriber)) return null;
  const assets = declarations?.freeAssetsAtLeast100k ? limitWithFreeAssetsCents : 0;
  const income = declarations?.averageMonthlyNetIncomeCents;
  const byIncome = income != null && income > 0 ? Math.min(2 * income, limitByIncomeCapCents) : 0;
  const best = Math.max(assets, byIncome);
  if (best <= limitWithoutStatementCents) return { cents: limitWithoutStatementCents, rule: 'base' };
  return { cents: best, rule: assets >= byIncome ? 'assets' : 'income' };
}

const floorToStep = (quantity: number, step: number) => Math.floor(quantity / step) * step;
const ceilToStep = (quantity: number, step: number) => Math.ceil(quantity / step) * step;

/** A collectible's offer as the rules read it: none of a security's terms (issue 18). */
function purchaseTermsOf(offer: Offer): Offer {
  return {
    ...offer,
    professionalOnly: false,
    minimumSubscriptionCents: null,
    maximumOrderCentsNonProfessional: null,
    investorLimit: null,
  };
}

/**
 * Every reason `quantity` of the offer is refused to the subscriber, and the largest quantity allowed.
 * `declarations` null = not given yet (the cart): the § 6 check then allows up to the highest limit a
 * declaration could give (25,000 EUR) and says `needsDeclaration`; completion passes the real ones.
 */
export function evaluateSubscription(input: {
  subscriber: Subscriber;
  offer: Offer;
  holding: Holding;
  quantity: number;
  declarations: Section6Declarations | null;
}): SubscriptionAnswer {
  const { subscriber, holding, quantity, declarations } = input;
  const offer = input.offer.isSecurity === false ? purchaseTermsOf(input.offer) : input.offer;
  const security = input.offer.isSecurity !== false;
  const step = Math.max(1, offer.quantityStep);
  const price = Math.max(0, offer.unitPriceCents);
  const amount = quantity * price;
  const refusals: SubscriptionRefusal[] = [];

  const limited = security && isSubjectToInvestmentLimit(subscriber);
  const limit = limited
    ? declarations === null
      ? limitByIncomeCapCents
      : investmentLimitCents(subscriber, declarations)
    : null;

  // Upper bounds in tokens, each rounded down to the step.
  const bounds: { bound: Exclude<QuantityBound, null>; quantity: number }[] = [];
  if (offer.availableQuantity !== null) bounds.push({ bound: 'stock', quantity: offer.availableQuantity });
  if (!subscriber.isProfessional && offer.maximumOrderCentsNonProfessional !== null && price > 0) {
    bounds.push({
      bound: 'maximum_order',
      quantity: Math.floor(offer.maximumOrderCentsNonProfessional / price),
    });
  }
  if (limit !== null && price > 0) {
    const remaining = Math.max(0, limit - holding.existingTotalCents);
    bounds.push({ bound: 'investment_limit', quantity: Math.floor(remaining / price) });
  }
  let maxQuantity = Number.MAX_SAFE_INTEGER;
  let boundBy: QuantityBound = null;
  for (const b of bounds) {
    const q = floorToStep(b.quantity, step);
    if (q < maxQuantity) {
      maxQuantity = q;
      boundBy = b.bound;
    }
  }
  const minQuantity = Math.max(
    step,
    offer.minimumSubscriptionCents !== null && price > 0
      ? ceilToStep(Math.ceil(offer.minimumSubscriptionCents / price), step)
      : step,
  );

  // spec 6: "needed for professional-only bonds".
  const professionalRefused = offer.professionalOnly && !subscriber.isProfessional;
  if (professionalRefused) refusals.push('professional_only');
  // spec 1/9: bonds limited to 149 distinct investors; a holder keeps their seat.
  const capReached =
    offer.investorLimit !== null &&
    !holding.isExistingInvestor &&
    holding.distinctInvestors >= offer.investorLimit;
  if (capReached) refusals.push('investor_limit_reached');
  if (professionalRefused || capReached) maxQuantity = 0;

  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    refusals.push('quantity_invalid');
  } else {
    // spec 5/9: "Quantity and token/price steps are 1000" (decision 011: multiples of the offer's step).
    if (quantity % step !== 0) refusals.push('quantity_step');
    // spec 5: "a minimum subscription applies".
    if (offer.minimumSubscriptionCents !== null && amount < offer.minimumSubscriptionCents) {
      refusals.push('minimum_subscription');
    }
    // spec 5: "Non-professional investors have a maximum order amount".
    if (
      !subscriber.isProfessional &&
      offer.maximumOrderCentsNonProfessional !== null &&
      amount > offer.maximumOrderCentsNonProfessional
    ) {
      refusals.push('maximum_order');
    }
    // WpPG § 6: the total of all the subscriber's orders in this offer.
    if (limit !== null && holding.existingTotalCents + amount > limit)
      refusals.push('investment_limit_exceeded');
    // decision 001: never more than is available.
    if (offer.availableQuantity !== null && quantity > offer.availableQuantity)
      refusals.push('insufficient_stock');
  }
  if (maxQuantity < minQuantity) maxQuantity = 0;
  if (maxQuantity === Number.MAX_SAFE_INTEGER) maxQuantity = floorToStep(Number.MAX_SAFE_INTEGER, step);

  return {
    refusals,
    maxQuantity,
    minQuantity,
    boundBy: maxQuantity === 0 && (professionalRefused || capReached) ? null : boundBy,
    investmentLimitCents: limited ? (declarations === null ? limitWithoutStatementCents : limit) : null,
    needsDeclaration:
      limited && holding.existingTotalCents + Math.max(0, amount) > limitWithoutStatementCents,
    lowRemainingTokens: boundBy === 'stock' && maxQuantity > 0 && quantity >= maxQuantity,
  };
}
