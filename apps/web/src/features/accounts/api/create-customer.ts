import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@token/domain/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

/** What POST customers and POST companies answer (201). */
export type SignedUp = {
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  accountType: 'personal' | 'company';
  verified: boolean;
};

/** POST customers: registers a natural person (spec 3); the verification link goes out by mail. */
export function createCustomer(input: SignUpInput): Promise<SignedUp> {
  return apiRequest<SignedUp>('/api/v2/shop/customers', { method: 'POST', body: input });
}

export function useCreateCustomer() {
  // The form puts violations on its fields and shows other failures itself.
  return useMutation({ mutationFn: createCustomer, meta: { silentErrors: true } });
}
