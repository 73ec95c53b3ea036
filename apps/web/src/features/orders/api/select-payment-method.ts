import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath, shop } from './keys.ts';

/** The IRI of a payment method (`offline`, `card`). */
export const paymentMethodIri = (code: string) => `${shop}/payment-methods/${encodeURIComponent(code)}`;

export type SelectPaymentMethodInput = { tokenValue: string; paymentId: number; methodCode: string };

/** PATCH orders/{token}/payments/{paymentId} {paymentMethod}: the way the investor pays. */
export function selectPaymentMethod(input: SelectPaymentMethodInput): Promise<OrderView> {
  return apiRequest<OrderView>(`${orderPath(input.tokenValue)}/payments/${input.paymentId}`, {
    method: 'PATCH',
    body: { paymentMethod: paymentMethodIri(input.methodCode) },
    auth: true,
  });
}

export function useSelectPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectPaymentMethod,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.tokenValue), order),
  });
}
