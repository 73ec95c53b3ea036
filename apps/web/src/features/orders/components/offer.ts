import { type CustomerResource, isProfessionalInvestor } from '@token/domain/accounts';
import { isSecurity } from '@token/domain/catalog';
import type { ProductView } from '@token/domain/catalog-views';
import {
  type Holding,
  isOrderHolding,
  type Offer,
  type OrderListRowView,
  type OrderView,
  type Subscriber,
} from '@token/domain/orders';

/** spec 5/9 quantity step of a bond (decision 011), from the catalogue's investor restrictions. */
export function quantityStepOf(product: ProductView): number {
  return Math.max(1, product.investorRestrictions.quantityStep);
}

/** The offer `evaluateSubscription` judges: the bond's price, step, restrictions and stock. */
export function offerOf(product: ProductView, unitPriceCents: number): Offer {
  const r = product.investorRestrictions;
  const v = product.defaultVariant;
  return {
    unitPriceCents,
    quantityStep: quantityStepOf(product),
    professionalOnly: r.professionalOnly,
    minimumSubscriptionCents: r.minimumSubscription,
    maximumOrderCentsNonProfessional: r.maximumOrderNonProfessional,
    investorLimit: r.investorLimit,
    availableQuantity: v?.tracked ? Math.max(0, v.availableQuantity) : null,
    // issue 18: a collectible is bought, not subscribed (no § 6 limit, minimum or maximum order)
    isSecurity: isSecurity(product),
  };
}

/** The subscriber `evaluateSubscription` judges, from the customer record. */
export function subscriberOf(
  customer: Pick<CustomerResource, 'accountType' | 'companyType' | 'customerRolesAsString'>,
): Subscriber {
  return {
    accountType: customer.accountType,
    companyType: customer.companyType,
    isProfessional: isProfessionalInvestor(customer.customerRolesAsString),
  };
}

/**
 * What the investor already holds of this bond (WpPG § 6 counts the sum of all their orders of one
 * offer): the totals of their other completed orders that are neither cancelled nor refunded. The
 * seat count of a whitelisted bond is the server's to know; it answers `investor_limit_reached`.
 */
export function holdingOf(
  orders: readonly OrderListRowView[],
  current: Pick<OrderView, 'tokenValue'>,
  productCode: string,
): Holding {
  let existingTotalCents = 0;
  for (const o of orders) {
    if (o.tokenValue === current.tokenValue || !isOrderHolding(o)) continue;
    for (const i of o.items) if (i.productCode === productCode) existingTotalCents += i.total;
  }
  return { existingTotalCents, isExistingInvestor: existingTotalCents > 0, distinctInvestors: 0 };
}
