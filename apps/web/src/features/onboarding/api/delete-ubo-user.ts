import { apiRequest } from '../../../lib/api-client.ts';
import { useUboMutation } from './use-ubo-mutation.ts';

/** DELETE ubo-users/{id}: removes a person from the company's list. */
export function deleteUboUser(id: number): Promise<void> {
  return apiRequest<void>(`/api/v2/shop/ubo-users/${id}`, { method: 'DELETE', auth: true });
}

export function useDeleteUboUser() {
  return useUboMutation(deleteUboUser);
}
