import type { PaymentConfigurationView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderPath } from './keys.ts';

/**
 * POST orders/{token}/payments/{paymentId}/checkout-session: opens the card partner's checkout of a
 * placed card order (an open one is reused) when the configuration has no `redirectUrl` (the partner
 * failed at completion, or the session expired).
 */
export function openCheckoutSession(
  tokenValue: string,
  paymentId: number,
): Promise<PaymentConfigurationView> {
  return apiRequest<PaymentConfigurationView>(
    `${orderPath(tokenValue)}/payments/${paymentId}/checkout-session`,
    { method: 'POST', body: {}, auth: true },
  );
}
