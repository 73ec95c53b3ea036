import { AppError } from '@token/domain/errors';
import type { ExchangeRate, ExchangeRatesPort } from './port.ts';

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * The rate source behind an in-process cache: a rate is served for `ttlMs` before the partner is asked
 * again (one request at a time); when the partner fails, the last rate is served however old, and
 * without one the caller gets `exchange_rate_unavailable` (503).
 */
export function withExchangeRateCache(
  port: ExchangeRatesPort,
  opts: { ttlMs: number; now?: () => number; logger?: Logger },
): ExchangeRatesPort {
  const now = opts.now ?? Date.now;
  let cached: { rate: ExchangeRate; at: number } | null = null;
  let pending: Promise<ExchangeRate> | null = null;
  const refresh = async (): Promise<ExchangeRate> => {
    try {
      const rate = await port.latest();
      cached = { rate, at: now() };
      return rate;
    } catch (err) {
      opts.logger?.warn({ err }, 'exchange rate partner failed');
      if (cached) return cached.rate;
      throw new AppError('exchange_rate_unavailable');
    } finally {
      pending = null;
    }
  };
  return {
    latest: async () => {
      if (cached && now() - cached.at < opts.ttlMs) return cached.rate;
      pending ??= refresh();
      return pending;
    },
  };
}
