import { apiRequest } from '../../../lib/api-client.ts';
import type { UboUser, UboUserInput } from '../types.ts';
import { useUboMutation } from './use-ubo-mutation.ts';

/** POST ubo-users: adds a representative or beneficial owner of the company. */
export function createUboUser(input: UboUserInput): Promise<UboUser> {
  return apiRequest<UboUser>('/api/v2/shop/ubo-users', { method: 'POST', body: input, auth: true });
}

export function useCreateUboUser() {
  return useUboMutation(createUboUser);
}
