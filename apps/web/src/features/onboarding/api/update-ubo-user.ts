import { apiRequest } from '../../../lib/api-client.ts';
import type { UboUser, UboUserPatch } from '../types.ts';
import { useUboMutation } from './use-ubo-mutation.ts';

/** PATCH ubo-users/{id} (merge-patch): changes a representative or beneficial owner. */
export function updateUboUser(id: number, input: UboUserPatch): Promise<UboUser> {
  return apiRequest<UboUser>(`/api/v2/shop/ubo-users/${id}`, { method: 'PATCH', body: input, auth: true });
}

export function useUpdateUboUser() {
  return useUboMutation(({ id, input }: { id: number; input: UboUserPatch }) => updateUboUser(id, input));
}
