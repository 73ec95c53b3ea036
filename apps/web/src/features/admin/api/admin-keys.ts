import type { CustomerListScope, CustomerStatus, QueueReason } from '@token/domain/compliance';
import type { Locale } from '@token/domain/i18n';

/** The review list's filter, as the page keeps it in its address. */
export type CustomerListFilter = {
  scope: CustomerListScope;
  status?: CustomerStatus | undefined;
  reason?: QueueReason | undefined;
  search?: string | undefined;
  page: number;
};

/** Query keys of the operator API; decisions invalidate `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  operator: ['admin', 'me'] as const,
  customers: (filter: CustomerListFilter) => ['admin', 'customers', filter] as const,
  customerFile: (uuid: string) => ['admin', 'customer-file', uuid] as const,
  auditLog: (uuid: string) => ['admin', 'audit-log', uuid] as const,
  // reference data: outside `all`, a decision does not change it
  countries: (locale: Locale) => ['admin-reference', 'countries', locale] as const,
  currencies: (locale: Locale) => ['admin-reference', 'currencies', locale] as const,
};

/** A Hydra collection as the operator API answers it with `Accept: application/ld+json`. */
export type HydraCollection<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const adminApi = '/api/v2/admin';
