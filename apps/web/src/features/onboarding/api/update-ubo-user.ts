import { apiRequest } from '../../../lib/api-client.ts';
import type { UboUser, UboUserInput } from '../types.ts';
import { useUboMutation } from './use-ubo-mutation.ts';

/** PATCH ubo-users/{id} (merge-patch): changes a representative or beneficial owner. */
export function updateUboUser(id: number, input: UboUserInput): Promise<UboUser> {
  return apiRequest<UboUser>(`/api/v2/shop/ubo-users/${id}`, { method: 'PATCH', body: input, auth: true });
}

export function useUpdateUboUser() {
  return useUboMutation(({ id, input }: { id: number; input: UboUserInput }) => updateUboUser(id, input));
}
