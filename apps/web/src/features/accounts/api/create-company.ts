import { useMutation } from '@tanstack/react-query';
import type { CompanySignUpInput } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SignedUp } from './create-customer.ts';

/** POST companies: registers a legal person with company name and type (spec 3). */
export function createCompany(input: CompanySignUpInput): Promise<SignedUp> {
  return apiRequest<SignedUp>('/api/v2/shop/companies', { method: 'POST', body: input });
}

export function useCreateCompany() {
  return useMutation({ mutationFn: createCompany, meta: { silentErrors: true } });
}
