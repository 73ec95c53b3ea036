import { useQuery } from '@tanstack/react-query';
import type { OrderPaymentView, OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi, adminKeys } from './admin-keys.ts';
import type { BankCreditView } from './get-bank-credits.ts';

/** A payment in the operator's order file: the card partner's ids when paid by card. */
export type OperatorPayment = OrderPaymentView & {
  cardSessionId?: string | null | undefined;
  cardPaymentIntentId?: string | null | undefined;
};

/** `GET admin/orders/{tokenValue}` (operator API contract, issue 8): everything about one order. */
export type OperatorOrderFile = Omit<OrderView, 'payments'> & {
  customer: { uuid: string; email: string; fullName: string; accountType: string };
  payments: OperatorPayment[];
  invoices: { id: number; number: string }[];
  bankCredits: BankCreditView[];
  auditLog: { at: string; operator: string | null; action: string; reason: string | null }[];
};

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
