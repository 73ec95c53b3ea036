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
  bonds: ['admin', 'bonds'] as const,
  /** Everything read about one bond's register; a change to it invalidates this prefix. */
  bond: (code: string) => ['admin', 'bond', code] as const,
  register: (code: string) => ['admin', 'bond', code, 'register'] as const,
  registerEntries: (code: string, page: number) => ['admin', 'bond', code, 'entries', page] as const,
  minting: (code: string) => ['admin', 'bond', code, 'minting'] as const,
  whitelist: (code: string) => ['admin', 'bond', code, 'whitelist'] as const,
  /** Bond servicing (issue 17): terms, schedule, coupon runs; a run's change invalidates `couponRuns`. */
  terms: (code: string) => ['admin', 'bond', code, 'terms'] as const,
  couponSchedule: (code: string) => ['admin', 'bond', code, 'coupon-schedule'] as const,
  couponRuns: (code: string) => ['admin', 'bond', code, 'coupon-runs'] as const,
  couponRun: (code: string, id: number) => ['admin', 'bond', code, 'coupon-runs', id] as const,
  /** Creators' products under review (issue 18); a decision invalidates `productReviewsAll`. */
  productReviewsAll: ['admin', 'product-reviews'] as const,
  productReviews: (state: string, page: number) => ['admin', 'product-reviews', state, page] as const,
  mediaPreview: (id: number) => ['admin', 'media-preview', id] as const,
};

/** A Hydra collection as the operator API answers it with `Accept: application/ld+json`. */
export type HydraCollection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const adminApi = '/api/v2/admin';
