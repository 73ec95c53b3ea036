import type { ExchangeRateView } from '@token/domain/marketplace';

/** The euro reference rate as a partner publishes it: `usd` US dollars for 1 euro, of `date`. */
export type ExchangeRate = ExchangeRateView;

/**
 * Where the platform reads the euro's exchange rate (spec 7 `/open-api/exchange_rates`). `latest`
 * rejects when the partner cannot answer (network, HTTP status, a document it cannot read).
 */
export type ExchangeRatesPort = {
  latest: () => Promise<ExchangeRate>;
};
