import type { ExchangeRateView } from '@token/domain/marketplace';
import type { ExchangeRatesPort } from '../../partners/exchange-rates/port.ts';

/**
 * The euro reference rate (USD for 1 EUR) from the configured partner, through its in-process cache;
 * `exchange_rate_unavailable` when the partner fails and no rate was read before.
 */
export async function getExchangeRate(opts: { exchangeRates: ExchangeRatesPort }): Promise<ExchangeRateView> {
  const { usd, date, source } = await opts.exchangeRates.latest();
  return { usd, date, source };
}
