import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/customer.ts';

/** DELETE sessions/{id}: signs another device out. */
export function deleteSession(id: string): Promise<void> {
  return apiRequest<void>(`/api/v2/shop/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
