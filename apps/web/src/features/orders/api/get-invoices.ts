import { useQuery } from '@tanstack/react-query';
import type { InvoiceView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

/** GET orders/{token}/invoices: the invoices of one of the investor's orders (spec 2 /invoices). */
export function getInvoices(tokenValue: string, signal?: AbortSignal): Promise<InvoiceView[]> {
  return apiRequest<InvoiceView[]>(`${orderPath(tokenValue)}/invoices`, { auth: true, signal });
}

export function useInvoices(tokenValue: string | null) {
  return useQuery({
    queryKey: orderKeys.invoices(tokenValue ?? ''),
    queryFn: ({ signal }) => getInvoices(tokenValue ?? '', signal),
    enabled: Boolean(tokenValue),
    meta: { silentErrors: true },
  });
}
