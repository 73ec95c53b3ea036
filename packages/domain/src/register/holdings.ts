import type { Locale } from '../i18n/index.ts';
import {
  type CheckoutState,
  isOrderPaid,
  type PaymentState,
  type ShippingState,
} from '../orders/order-state.ts';
import type { RegisterEntry } from './journal.ts';

/*
 * Minted and not-yet-minted tokens for the investor's depot (spec 4: "Paid with shipping ready or
 * partially_shipped means tokens are not yet minted; the wallet shows minted and not-minted amounts,
 * the latter starred with a legend"; shipped = "Minted / Abgerechnet").
 */

/** An order as the depot reads it. Ids are strings, as in the journal's causes. */
export type DepotOrder = {
  orderId: string;
  bondId: string;
  /** Tokens ordered of the bond. */
  quantity: number;
  checkoutState: CheckoutState;
  paymentState: PaymentState;
  shippingState: ShippingState;
};

/** Where an order's tokens stand: not paid (nothing to show), paid and waiting for minting, or minted. */
export type OrderMintStatus = 'unpaid' | 'not_minted' | 'partially_minted' | 'minted';

/**
 * Tokens minted per order: the journal's mints caused by that order, less those reversed. The
 * entries may be of several bonds (order ids are unique across bonds).
 */
export function mintedByOrder(
  entries: Iterable<Pick<RegisterEntry, 'bondId' | 'sequence' | 'kind' | 'amount' | 'cause'>>,
): Map<string, number> {
  const minted = new Map<string, number>();
  // bond|sequence -> order id of that mint, to find what a reversal undoes.
  const mints = new Map<string, string>();
  for (const e of entries) {
    if (e.kind === 'mint' && e.cause.type === 'order') {
      mints.set(`${e.bondId}|${e.sequence}`, e.cause.orderId);
      minted.set(e.cause.orderId, (minted.get(e.cause.orderId) ?? 0) + e.amount);
    } else if (e.cause.type === 'correction') {
      const orderId = mints.get(`${e.bondId}|${e.cause.reverses}`);
      if (orderId !== undefined) minted.set(orderId, (minted.get(orderId) ?? 0) - e.amount);
    }
  }
  return minted;
}

/**
 * spec 4: an order's tokens. Paid with shipping `ready` or `partially_shipped` = (partly) not yet
 * minted; `shipped` = minted. `minted` comes from `mintedByOrder`; `notMinted` is what is still due.
 */
export function orderMintPosition(
  order: DepotOrder,
  minted: number,
): { status: OrderMintStatus; minted: number; notMinted: number } {
  if (!isOrderPaid(order) || order.shippingState === 'cancelled') {
    return { status: 'unpaid', minted, notMinted: 0 };
  }
  if (order.shippingState === 'shipped') return { status: 'minted', minted, notMinted: 0 };
  const notMinted = Math.max(0, order.quantity - minted);
  if (notMinted === 0) return { status: 'minted', minted, notMinted: 0 };
  return { status: minted > 0 ? 'partially_minted' : 'not_minted', minted, notMinted };
}

/** One bond in the depot: tokens in the register, tokens paid for but not yet minted, tokens in transit. */
export type DepotPosition = {
  bondId: string;
  /** The holder's register balance. */
  minted: number;
  /** Paid, not yet minted (shown starred with `notMintedLegend`). */
  notMinted: number;
  /** In the holder's pending outgoing transfers (still part of `minted` until confirmed). */
  pendingOutgoing: number;
};

/**
 * The depot per bond: `minted` from the holder's journal balance, `notMinted` summed over paid orders
 * not yet (wholly) minted, `pendingOutgoing` from pending transfers. Bonds with none of the three are
 * left out; the order is that of first appearance (balances, then orders, then transfers).
 */
export function depotPositions(input: {
  /** bondId -> the holder's register balance. */
  balances: ReadonlyMap<string, number>;
  orders: readonly DepotOrder[];
  /** orderId -> tokens minted for it (`mintedByOrder`). */
  mintedByOrder: ReadonlyMap<string, number>;
  /** bondId -> tokens in pending outgoing transfers. */
  pendingOutgoing?: ReadonlyMap<string, number>;
}): DepotPosition[] {
  const positions = new Map<string, DepotPosition>();
  const at = (bondId: string) => {
    let p = positions.get(bondId);
    if (!p) {
      p = { bondId, minted: 0, notMinted: 0, pendingOutgoing: 0 };
      positions.set(bondId, p);
    }
    return p;
  };
  for (const [bondId, balance] of input.balances) if (balance > 0) at(bondId).minted = balance;
  for (const order of input.orders) {
    const { notMinted } = orderMintPosition(order, input.mintedByOrder.get(order.orderId) ?? 0);
    if (notMinted > 0) at(order.bondId).notMinted += notMinted;
  }
  for (const [bondId, amount] of input.pendingOutgoing ?? [])
    if (amount > 0) at(bondId).pendingOutgoing = amount;
  return [...positions.values()];
}

/** spec 4: the legend of the starred not-yet-minted amounts. */
export const notMintedLegend: Record<Locale, string> = {
  de: '* Bezahlt, aber noch nicht im Kryptowertpapierregister eingetragen (noch nicht gemintet).',
  en: '* Paid for, but not yet entered in the crypto securities register (not yet minted).',
};
