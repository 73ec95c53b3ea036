import type { Locale } from '../i18n/index.ts';
import { canMove, type Lifecycle } from '../lifecycle/index.ts';

/**
 * The three lifecycles of an order after Sylius (spec 4, ARCHITECTURE "Checkout, payment and
 * shipping states"), as tables (convention 7). Shipping is skipped for tokens in the checkout; the
 * shipping state says whether the tokens are minted ("shipped" = Minted / Abgerechnet).
 */

// spec 4 order flow: cart -> (addresses) -> (payment method) -> completed; cancel deletes the cart.
export const checkoutStates = ['cart', 'addressed', 'payment_selected', 'completed', 'cancelled'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export const checkoutLifecycle: Lifecycle<CheckoutState> = {
  name: 'order_checkout',
  states: checkoutStates,
  transitions: {
    cart: ['addressed', 'payment_selected', 'cancelled'],
    // A changed item sends the order back to the cart (its payment method is chosen again).
    addressed: ['cart', 'payment_selected', 'cancelled'],
    payment_selected: ['cart', 'addressed', 'completed', 'cancelled'],
    // A completed order is cancelled through its payment state (operator, investor, expiry).
    completed: [],
    cancelled: [],
  },
};

/** spec 4 payment states (`payment_required` is the web's word for `new`/`awaiting_payment`). */
export const paymentStates = [
  'new',
  'awaiting_payment',
  'authorized',
  'paid',
  'cancelled',
  'refunded',
] as const;
export type PaymentState = (typeof paymentStates)[number];

export const paymentLifecycle: Lifecycle<PaymentState> = {
  name: 'order_payment',
  states: paymentStates,
  transitions: {
    new: ['awaiting_payment', 'cancelled'],
    awaiting_payment: ['paid', 'authorized', 'cancelled', 'refunded'],
    authorized: ['paid', 'cancelled'],
    paid: ['refunded'],
    cancelled: [],
    refunded: [],
  },
};

/** spec 4 shipping states: tokens minted = shipped. */
export const shippingStates = ['ready', 'partially_shipped', 'shipped', 'cancelled'] as const;
export type ShippingState = (typeof shippingStates)[number];

export const shippingLifecycle: Lifecycle<ShippingState> = {
  name: 'order_shipping',
  states: shippingStates,
  transitions: {
    ready: ['partially_shipped', 'shipped', 'cancelled'],
    partially_shipped: ['shipped'],
    shipped: [],
    cancelled: [],
  },
};

/** Checkout states in which the investor may still change the order (items, documents, method). */
export const editableCheckoutStates = [
  'cart',
  'addressed',
  'payment_selected',
] as const satisfies readonly CheckoutState[];
export function isCheckoutEditable(state: CheckoutState): boolean {
  return (editableCheckoutStates as readonly CheckoutState[]).includes(state);
}

/** spec 4: "An order counts as paid when checkout state is completed and payment state is paid or authorized." */
export function isOrderPaid(order: { checkoutState: CheckoutState; paymentState: PaymentState }): boolean {
  return (
    order.checkoutState === 'completed' &&
    (order.paymentState === 'paid' || order.paymentState === 'authorized')
  );
}

/**
 * Whether an order holds stock and an investor seat (decision 011): completed and neither
 * cancelled nor refunded.
 */
export function isOrderHolding(order: { checkoutState: CheckoutState; paymentState: PaymentState }): boolean {
  return (
    order.checkoutState === 'completed' &&
    order.paymentState !== 'cancelled' &&
    order.paymentState !== 'refunded'
  );
}

/**
 * Whether a payment received books the order as paid: it holds its tokens (placed, neither cancelled
 * nor refunded), does not count as paid yet (spec 4) and its payment state moves to `paid` in the
 * table. Otherwise booking it is nothing (already paid or authorized, cancelled, refunded, not placed).
 */
export function canBookPaid(order: { checkoutState: CheckoutState; paymentState: PaymentState }): boolean {
  return (
    isOrderHolding(order) && !isOrderPaid(order) && canMove(paymentLifecycle, order.paymentState, 'paid')
  );
}

/**
 * Whether a refund may be booked (decision 011: a refund before minting): the order counts as paid
 * (spec 4), its shipping moves to `cancelled` (tokens not minted) and its payment reaches `refunded`
 * in the table, directly or, an authorized card payment, by way of `paid` (captured first).
 */
export function canBookRefund(order: {
  checkoutState: CheckoutState;
  paymentState: PaymentState;
  shippingState: ShippingState;
}): boolean {
  const { paymentState } = order;
  return (
    isOrderPaid(order) &&
    canMove(shippingLifecycle, order.shippingState, 'cancelled') &&
    (canMove(paymentLifecycle, paymentState, 'refunded') ||
      (canMove(paymentLifecycle, paymentState, 'paid') && canMove(paymentLifecycle, 'paid', 'refunded')))
  );
}

/** spec 4: the status shown in order lists. */
export const orderListStatuses = [
  'awaiting_payment',
  'paid',
  'refunded',
  'cancelled',
  'shipped',
  'partially_shipped',
  'authorized',
  'new',
] as const;
export type OrderListStatus = (typeof orderListStatuses)[number];

/**
 * spec 4 "Order statuses shown in lists": awaiting_payment (with a button to the details), paid,
 * refunded, cancelled, shipped (Minted / Abgerechnet); otherwise the shipping or payment state.
 * A minted order is shown as shipped even when paid; a cancelled or refunded one as such.
 */
export function orderListStatus(order: { paymentState: PaymentState; shippingState: ShippingState }): {
  status: OrderListStatus;
  showDetailsButton: boolean;
} {
  const { paymentState, shippingState } = order;
  let status: OrderListStatus;
  if (paymentState === 'cancelled' || paymentState === 'refunded') status = paymentState;
  else if (shippingState === 'shipped') status = 'shipped';
  else if (paymentState === 'paid' && shippingState === 'partially_shipped') status = 'partially_shipped';
  else status = paymentState;
  return { status, showDetailsButton: status === 'awaiting_payment' };
}

/** The labels of the list statuses (spec 4: shipped = "Minted" in en, "Abgerechnet" in de). */
export const orderListStatusLabels: Record<OrderListStatus, Record<Locale, string>> = {
  awaiting_payment: { de: 'Zahlung ausstehend', en: 'Awaiting payment' },
  paid: { de: 'Bezahlt', en: 'Paid' },
  refunded: { de: 'Erstattet', en: 'Refunded' },
  cancelled: { de: 'Storniert', en: 'Cancelled' },
  shipped: { de: 'Abgerechnet', en: 'Minted' },
  partially_shipped: { de: 'Teilweise abgerechnet', en: 'Partially minted' },
  authorized: { de: 'Autorisiert', en: 'Authorised' },
  new: { de: 'Neu', en: 'New' },
};
