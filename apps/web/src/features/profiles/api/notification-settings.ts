import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@token/domain/marketplace';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session.tsx';

const keyOf = (uuid: string) => ['collections', 'notification-settings', uuid] as const;
const pathOf = (uuid: string) => `/api/v2/shop/customers/${encodeURIComponent(uuid)}/notification-settings`;

/** GET customers/{uuid}/notification-settings (every one on when never saved). */
export function useNotificationSettings() {
  const uuid = useSessionState()?.uuid ?? '';
  return useQuery({
    queryKey: keyOf(uuid),
    queryFn: ({ signal }) => apiRequest<NotificationSettings>(pathOf(uuid), { auth: true, signal }),
    enabled: uuid !== '',
  });
}

/** PUT customers/{uuid}/notification-settings: saves all five at once. */
export function useSaveNotificationSettings() {
  const uuid = useSessionState()?.uuid ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest<NotificationSettings>(pathOf(uuid), { method: 'PUT', auth: true, body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(uuid), saved),
    meta: { silentErrors: true },
  });
}
