import { isOrderHolding, type OrderView } from '@token/domain/orders';

/** How often the thank-you page asks whether the awaited payment has arrived (issue 22). */
export const awaitedPaymentPollMs = 5_000;

/**
 * Whether a placed order still waits for its payment (a bank transfer the bank has yet to book, a
 * card payment its webhook has yet to confirm): placed, not paid, neither cancelled nor refunded.
 */
export function awaitsPayment(order: OrderView | undefined): boolean {
  return order !== undefined && !order.paid && isOrderHolding(order);
}
