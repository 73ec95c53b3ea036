import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CustomerDocument, DocumentType } from '../types.ts';
import { onboardingKeys } from './keys.ts';

/**
 * GET customer-documents?type= (the person's own documents) or GET customer-documents/company?type=
 * (a company account's documents).
 */
export function getCustomerDocuments(
  scope: 'customer' | 'company',
  type: DocumentType,
  signal?: AbortSignal,
): Promise<CustomerDocument[]> {
  const base =
    scope === 'company' ? '/api/v2/shop/customer-documents/company' : '/api/v2/shop/customer-documents';
  return apiRequest<CustomerDocument[]>(`${base}?type=${type}`, { auth: true, signal });
}

export function useCustomerDocuments(scope: 'customer' | 'company', type: DocumentType) {
  return useQuery({
    queryKey: onboardingKeys.documentsOf(scope, type),
    queryFn: ({ signal }) => getCustomerDocuments(scope, type, signal),
    staleTime: 0,
  });
}
