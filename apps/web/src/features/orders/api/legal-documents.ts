import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

/** PATCH orders/{token}/legal-documents-confirm: the investor has opened and confirms the bond's documents. */
export function confirmLegalDocuments(tokenValue: string): Promise<OrderView> {
  return apiRequest<OrderView>(`${orderPath(tokenValue)}/legal-documents-confirm`, {
    method: 'PATCH',
    body: {},
    auth: true,
  });
}

/** PATCH orders/{token}/legal-documents-send: mails the bond's documents to the investor. */
export function sendLegalDocuments(tokenValue: string): Promise<OrderView> {
  return apiRequest<OrderView>(`${orderPath(tokenValue)}/legal-documents-send`, {
    method: 'PATCH',
    body: {},
    auth: true,
  });
}

export function useConfirmLegalDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLegalDocuments,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.tokenValue), order),
  });
}

export function useSendLegalDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLegalDocuments,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.order(order.tokenValue), order),
  });
}
