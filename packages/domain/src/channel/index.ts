/**
 * spec 9: "Channel value is token". The platform runs one sales channel; its code names the prices
 * the shop shows and filters on, and the channel whose operator, contact address and collection
 * account the shop uses.
 */
export const shopChannelCode = 'token';

/**
 * The shop's channel among enabled ones: the `token` channel, else the first of the list. The API
 * passes them oldest first (so a renamed channel still serves); the web passes GET channels' list.
 */
export function pickShopChannel<T extends { code: string }>(channels: readonly T[]): T | null {
  return channels.find((c) => c.code === shopChannelCode) ?? channels[0] ?? null;
}
