import { useQuery } from '@tanstack/react-query';
import type { PaymentConfigurationView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

/**
 * GET orders/{token}/payments/{paymentId}/configuration: for a bank transfer the account, amount,
 * reference, due date and GiroCode text; for a card payment where to send the investor.
 */
export function getPaymentConfiguration(
  tokenValue: string,
  paymentId: number,
  signal?: AbortSignal,
): Promise<PaymentConfigurationView> {
  return apiRequest<PaymentConfigurationView>(
    `${orderPath(tokenValue)}/payments/${paymentId}/configuration`,
    {
      auth: true,
      signal,
    },
  );
}

export function usePaymentConfiguration(tokenValue: string | null, paymentId: number | null) {
  return useQuery({
    queryKey: orderKeys.paymentConfiguration(tokenValue ?? '', paymentId ?? 0),
    queryFn: ({ signal }) => getPaymentConfiguration(tokenValue ?? '', paymentId ?? 0, signal),
    enabled: Boolean(tokenValue) && paymentId !== null,
  });
}
