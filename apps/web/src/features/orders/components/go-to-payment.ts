import type { OrderView } from '@token/domain/orders';
import { getPaymentConfiguration } from '../api/get-payment-configuration.ts';
import { openCheckoutSession } from '../api/open-checkout-session.ts';

/** Where the browser goes to pay an order: an in-app path, or the card partner's page. */
export type PaymentTarget = { kind: 'path'; to: string } | { kind: 'external'; url: string };

/** Only a web address is followed (never `javascript:` or the like). */
function isWebUrl(value: string): boolean {
  try {
    const u = new URL(value, window.location.origin);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * After completion (spec 2): a bank transfer shows the thank-you page with the transfer's data; a
 * card payment goes to the partner's `redirectUrl` (its checkout opened first when none is open),
 * or the order's finishing page while it has none.
 */
export async function paymentTargetOf(order: OrderView): Promise<PaymentTarget> {
  const payment = order.payments[0];
  const query = new URLSearchParams({ tokenValue: order.tokenValue }).toString();
  if (!payment || payment.methodCode === 'offline') {
    return { kind: 'path', to: `/thank-you-for-offline-payment?${query}` };
  }
  let configuration = await getPaymentConfiguration(order.tokenValue, payment.id);
  if (configuration.gateway === 'card' && !configuration.redirectUrl) {
    configuration = await openCheckoutSession(order.tokenValue, payment.id);
  }
  if (configuration.gateway === 'card' && configuration.redirectUrl && isWebUrl(configuration.redirectUrl)) {
    return { kind: 'external', url: configuration.redirectUrl };
  }
  if (configuration.gateway === 'offline')
    return { kind: 'path', to: `/thank-you-for-offline-payment?${query}` };
  return { kind: 'path', to: `/orders/${encodeURIComponent(order.tokenValue)}/finish` };
}

/** Sends the browser to the card partner (kept in one place so tests can watch it). */
export function leaveForPayment(url: string): void {
  window.location.assign(url);
}
