import type { AppConfig } from '../../config.ts';
import { withExchangeRateCache } from './cached.ts';
import { createEcbExchangeRates } from './ecb.ts';
import type { ExchangeRatesPort } from './port.ts';
import { createSandboxExchangeRates, type SandboxExchangeRates } from './sandbox.ts';

type Logger = { warn: (obj: object, msg: string) => void };

/** The partner and the cached port the app reads; `source` is the adapter itself (tests drive the sandbox). */
export type ExchangeRatesPartner = ExchangeRatesPort & { source: ExchangeRatesPort | SandboxExchangeRates };

/**
 * The rate source the configuration asks for (EXCHANGE_RATES_SOURCE): the ECB's daily XML, or the
 * sandbox's stored rate (default), behind the in-process cache (EXCHANGE_RATES_CACHE_SECONDS).
 */
export function createExchangeRates(opts: {
  config: AppConfig;
  logger?: Logger;
  /** ECB only: the HTTP client (tests answer with a recorded document). */
  fetch?: typeof fetch;
}): ExchangeRatesPartner {
  const { exchangeRates } = opts.config;
  const source =
    exchangeRates.source === 'ecb'
      ? createEcbExchangeRates({ url: exchangeRates.ecbUrl, ...(opts.fetch ? { fetch: opts.fetch } : {}) })
      : createSandboxExchangeRates({ usd: exchangeRates.sandboxUsd });
  const cached = withExchangeRateCache(source, {
    ttlMs: exchangeRates.cacheSeconds * 1000,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  return { latest: cached.latest, source };
}

/** Whether the rate source is the sandbox (tests store rates and failures through it). */
export function isSandboxExchangeRates(port: ExchangeRatesPort): port is SandboxExchangeRates {
  return (port as Partial<SandboxExchangeRates>).kind === 'sandbox';
}
