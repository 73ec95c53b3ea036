import { isListed, isSoldOut, type ListingFacts } from '../catalog/index.ts';
import {
  customerLifecycle,
  isCustomerApproved,
  isRegistrarApproved,
  isStateOf,
  registrarLifecycle,
} from '../onboarding/states.ts';

/**
 * Who may buy which product now (spec 5 investment rules). The product side is the catalogue's
 * own rules (`@token/domain/catalog`, decision 001); the card's badge is its `productLabel`.
 */

/** The parts of a product (shop view) that decide whether it can be bought. */
export type BuyableProduct = ListingFacts & {
  allowToBuy: boolean;
  /** spec 6: only professional investors may buy (absent: false). */
  professionalOnly?: boolean | undefined;
};

/** The parts of a customer that decide whether they may buy; null for a visitor. */
export type BuyingCustomer = {
  hasWallet: boolean;
  /** spec 6: only KYC-approved investors can invest (`kycPassed` of the customer record). */
  kycPassed: boolean;
  /** Customer status, e.g. `approved`, `follow_up`, `unchecked`. */
  status: string | null | undefined;
  /** Crypto registrar status, e.g. `approved`, `approval_requested`, `rejected`. */
  cryptoRegistrarStatus: string | null | undefined;
  /** spec 6: role `professional_investor` (absent: not professional). */
  isProfessional?: boolean | undefined;
};

export const buyBlockerCodes = [
  'exclusive',
  'unavailable',
  'sold_out',
  'login_required',
  'no_wallet',
  'kyc_not_passed',
  'customer_not_approved',
  'crypto_not_approved',
  'professional_only',
] as const;
export type BuyBlocker = (typeof buyBlockerCodes)[number];

/**
 * Every reason the customer may not buy the product now, product reasons first; empty when they may.
 * spec 5: buying needs a wallet, customer and crypto status approved (the state tables of
 * `@token/domain/onboarding`, convention 7: the statuses themselves, never a substring), a product
 * that allows buying, available quantity above 0 and on-hand not 0. A status the tables do not know
 * is not approved.
 */
export function buyBlockers(product: BuyableProduct, customer: BuyingCustomer | null): BuyBlocker[] {
  const out: BuyBlocker[] = [];
  if (!product.allowToBuy) out.push('exclusive');
  if (!isListed(product)) out.push('unavailable');
  else if (isSoldOut(product)) out.push('sold_out');
  if (!customer) {
    out.push('login_required');
    return out;
  }
  if (!customer.hasWallet) out.push('no_wallet');
  if (!customer.kycPassed) out.push('kyc_not_passed');
  const status = isStateOf(customerLifecycle, customer.status) ? customer.status : null;
  const registrar = isStateOf(registrarLifecycle, customer.cryptoRegistrarStatus)
    ? customer.cryptoRegistrarStatus
    : null;
  if (!isCustomerApproved(status)) out.push('customer_not_approved');
  if (!isRegistrarApproved(registrar)) out.push('crypto_not_approved');
  // spec 6: "needed for professional-only bonds".
  if (product.professionalOnly && !customer.isProfessional) out.push('professional_only');
  return out;
}

/**
 * The API's answer to a refused purchase (convention 1): `professional_only` for a bond reserved to
 * professionals, `insufficient_stock` for a sold-out one, else `buy_not_allowed` (the order process,
 * product card and page all show the blockers themselves).
 */
export function buyRefusalCode(
  blockers: readonly BuyBlocker[],
): 'professional_only' | 'insufficient_stock' | 'buy_not_allowed' | null {
  if (blockers.length === 0) return null;
  if (blockers.length === 1 && blockers[0] === 'professional_only') return 'professional_only';
  if (blockers.length === 1 && blockers[0] === 'sold_out') return 'insufficient_stock';
  return 'buy_not_allowed';
}

/** spec 5: whether the buy-now button is active for this customer (null: a visitor). */
export function canBuy(product: BuyableProduct, customer: BuyingCustomer | null): boolean {
  return buyBlockers(product, customer).length === 0;
}
