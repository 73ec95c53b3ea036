import { apiRequest } from '../../../lib/api-client.ts';
import type { UboUser } from '../types.ts';
import { useUboMutation } from './use-ubo-mutation.ts';

/** POST ubo-users/representative: the user themself as representative (`isUser`, role 10). */
export function createRepresentative(): Promise<UboUser> {
  return apiRequest<UboUser>('/api/v2/shop/ubo-users/representative', {
    method: 'POST',
    body: {},
    auth: true,
  });
}

export function useCreateRepresentative() {
  return useUboMutation(createRepresentative);
}
