import { useQuery } from '@tanstack/react-query';
import type { OrderView } from '@token/domain/orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys, orderPath } from './keys.ts';

/** GET orders/{token}: one of the investor's orders (another investor's answers 404). */
export function getOrder(tokenValue: string, signal?: AbortSignal): Promise<OrderView> {
  return apiRequest<OrderView>(orderPath(tokenValue), { auth: true, signal });
}

export function useOrder(
  tokenValue: string | null,
  opts: { refetchInterval?: number | false | ((order: OrderView | undefined) => number | false) } = {},
) {
  const { refetchInterval } = opts;
  return useQuery({
    queryKey: orderKeys.order(tokenValue ?? ''),
    queryFn: ({ signal }) => getOrder(tokenValue ?? '', signal),
    enabled: tokenValue !== null && tokenValue !== '',
    staleTime: 0,
    refetchInterval:
      typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
    // the pages show a missing order themselves
    meta: { silentErrors: true },
  });
}
