import { apiRequest } from '../../../lib/api-client.ts';
import type { UboUser } from '../types.ts';
import { useUboMutation } from './use-ubo-mutation.ts';

/**
 * PATCH ubo-users/{id}/representative: sends (confirms) the representative; role 10 is removed, so
 * the person no longer counts as acting by power of attorney (spec 5).
 */
export function sendRepresentative(id: number): Promise<UboUser> {
  return apiRequest<UboUser>(`/api/v2/shop/ubo-users/${id}/representative`, {
    method: 'PATCH',
    body: {},
    auth: true,
  });
}

export function useSendRepresentative() {
  return useUboMutation(sendRepresentative);
}
