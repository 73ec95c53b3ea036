import { useQuery } from '@tanstack/react-query';
import { pickShopChannel } from '@token/domain/channel';
import type { Locale } from '@token/domain/i18n';
import type { ChannelView } from '@token/domain/reference';
import { apiRequest } from './api-client.ts';
import { useLocale } from './i18n.ts';

/** The parts of GET channels the shell shows: operator, address, contact, home reading. */
export type Channel = Pick<
  ChannelView,
  'code' | 'name' | 'contactEmail' | 'contactPhoneNumber' | 'company' | 'homeRequiresLogin'
>;

/** GET channels: the shop's channel by the domain's rule (code `token`, else the first listed). */
export async function getChannel(signal?: AbortSignal): Promise<Channel> {
  const channels = await apiRequest<Channel[]>('/api/v2/shop/channels', { signal });
  const channel = pickShopChannel(channels);
  if (!channel) throw new Error('no channel');
  return channel;
}

/** Query keys of the shop's channel. */
export const channelKeys = {
  detail: (locale: Locale) => ['channel', locale] as const,
};

/** The channel; it rarely changes, so it is kept for the whole visit. */
export function useChannel() {
  const locale = useLocale();
  return useQuery({
    queryKey: channelKeys.detail(locale),
    queryFn: ({ signal }) => getChannel(signal),
    staleTime: 30 * 60_000,
  });
}
