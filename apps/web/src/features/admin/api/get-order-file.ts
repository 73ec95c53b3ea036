import { useQuery } from '@tanstack/react-query';
import type { OperatorOrderFile } from '@token/domain/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';

/** `GET admin/orders/{tokenValue}` (operator API contract, issue 8): everything about one order. */
export type { OperatorOrderFile, OperatorPaymentView as OperatorPayment } from '@token/domain/payments';

export function getOrderFile(tokenValue: string, signal?: AbortSignal): Promise<OperatorOrderFile> {
  return apiRequest<OperatorOrderFile>(`${adminApi}/orders/${encodeURIComponent(tokenValue)}`, {
    auth: true,
    signal,
  });
}

export function useOrderFile(tokenValue: string) {
  return useQuery({
    queryKey: adminKeys.orderFile(tokenValue),
    queryFn: ({ signal }) => getOrderFile(tokenValue, signal),
    staleTime: 0,
    meta: { silentErrors: true },
  });
}
