/**
 * Who may buy which product now (spec 5 investment rules) and the label a product card shows
 * (spec 1: sold, exclusive, unavailable). Both read the shop view of a product, whose default
 * variant carries `availableQuantity` and `inStock` as the catalogue rules computed them; the
 * tests hold these functions to `productLabel` and `isPurchasable` of `@token/domain/catalog`.
 * This module does not import the catalogue so the web's first paint stays free of its zod schemas.
 */

/** The parts of a product (shop view) that decide whether it can be bought. */
export type BuyableProduct = {
  allowToBuy: boolean;
  defaultVariant: { availableQuantity: number; onHand: number; inStock: boolean } | null;
};

/** The parts of a customer that decide whether they may buy; null for a visitor. */
export type BuyingCustomer = {
  hasWallet: boolean;
  /** Customer status, e.g. `approved`, `follow_up`, `unchecked`. */
  status: string | null | undefined;
  /** Crypto registrar status, e.g. `approved`, `approval_requested`, `rejected`. */
  cryptoRegistrarStatus: string | null | undefined;
};

export const buyBlockerCodes = [
  'exclusive',
  'unavailable',
  'sold_out',
  'login_required',
  'no_wallet',
  'customer_not_approved',
  'crypto_not_approved',
] as const;
export type BuyBlocker = (typeof buyBlockerCodes)[number];

export type ProductCardLabel = 'sold' | 'exclusive' | 'unavailable' | 'available';

/** Not listed: no default variant, or not in stock (decision 001). */
function isUnavailable(p: BuyableProduct): boolean {
  return !p.defaultVariant?.inStock;
}

/** Listed but nothing left to sell. */
function isSoldOut(p: BuyableProduct): boolean {
  const v = p.defaultVariant;
  return !isUnavailable(p) && (v!.availableQuantity <= 0 || v!.onHand === 0);
}

/**
 * The badge of a product card: `unavailable` when it would not be listed, `sold` when nothing is
 * left, `exclusive` when it can only be enquired about, else `available` (no badge).
 */
export function productCardLabel(product: BuyableProduct): ProductCardLabel {
  if (isUnavailable(product)) return 'unavailable';
  if (isSoldOut(product)) return 'sold';
  if (!product.allowToBuy) return 'exclusive';
  return 'available';
}

/**
 * Every reason the customer may not buy the product now, product reasons first; empty when they may.
 * spec 5: buying needs a wallet, customer and crypto status containing `approved`, a product that
 * allows buying, available quantity above 0 and on-hand not 0.
 */
export function buyBlockers(product: BuyableProduct, customer: BuyingCustomer | null): BuyBlocker[] {
  const out: BuyBlocker[] = [];
  if (!product.allowToBuy) out.push('exclusive');
  if (isUnavailable(product)) out.push('unavailable');
  else if (isSoldOut(product)) out.push('sold_out');
  if (!customer) {
    out.push('login_required');
    return out;
  }
  if (!customer.hasWallet) out.push('no_wallet');
  if (!customer.status?.includes('approved')) out.push('customer_not_approved');
  if (!customer.cryptoRegistrarStatus?.includes('approved')) out.push('crypto_not_approved');
  return out;
}

/** spec 5: whether the buy-now button is active for this customer (null: a visitor). */
export function canBuy(product: BuyableProduct, customer: BuyingCustomer | null): boolean {
  return buyBlockers(product, customer).length === 0;
}
