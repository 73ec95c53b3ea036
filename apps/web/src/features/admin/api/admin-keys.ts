import type { CustomerListScope, CustomerStatus, QueueReason } from '@token/domain/compliance';
import type { PaymentState } from '@token/domain/orders';

/** The review list's filter, as the page keeps it in its address. */
export type CustomerListFilter = {
  scope: CustomerListScope;
  status?: CustomerStatus | undefined;
  reason?: QueueReason | undefined;
  search?: string | undefined;
  page: number;
};

/** The operators' order list filter, as the page keeps it in its address. */
export type OrderListFilter = {
  search?: string | undefined;
  paymentState?: PaymentState | undefined;
  page: number;
};

/** The bank credits' status filter (the API's `status`; `open` = unmatched, partial, excess, duplicate). */
export const bankCreditFilters = ['open', 'matched', 'returned', 'all'] as const;
export type BankCreditFilter = (typeof bankCreditFilters)[number];

/** Query keys of the operator API; decisions invalidate `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  operator: ['admin', 'me'] as const,
  customers: (filter: CustomerListFilter) => ['admin', 'customers', filter] as const,
  customerFile: (uuid: string) => ['admin', 'customer-file', uuid] as const,
  auditLog: (uuid: string) => ['admin', 'audit-log', uuid] as const,
  orders: (filter: OrderListFilter) => ['admin', 'orders', filter] as const,
  orderFile: (tokenValue: string) => ['admin', 'order-file', tokenValue] as const,
  bankCredits: (status: BankCreditFilter, page: number) => ['admin', 'bank-credits', status, page] as const,
};

/** A Hydra collection as the operator API answers it with `Accept: application/ld+json`. */
export type HydraCollection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const adminApi = '/api/v2/admin';
