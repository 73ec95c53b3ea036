import { platformToday } from '@token/domain/calendar';
import type { ExchangeRate, ExchangeRatesPort } from './port.ts';

/** The sandbox's rate source: a stored rate (from config) that tests and testers may change or break. */
export type SandboxExchangeRates = ExchangeRatesPort & {
  readonly kind: 'sandbox';
  /** Stores the rate served from now on (USD for 1 EUR). */
  setRate: (usd: number) => void;
  /** Makes `latest` fail (as an unreachable partner would) until called with false. */
  setFailing: (failing: boolean) => void;
};

/** The sandbox adapter: serves its stored rate, dated the platform's today, source `sandbox`. */
export function createSandboxExchangeRates(opts: { usd: number; now?: () => Date }): SandboxExchangeRates {
  let usd = opts.usd;
  let failing = false;
  const now = opts.now ?? (() => new Date());
  return {
    kind: 'sandbox',
    latest: async (): Promise<ExchangeRate> => {
      if (failing) throw new Error('sandbox exchange rates: failing on purpose');
      return { usd, date: platformToday(now()), source: 'sandbox' };
    },
    setRate: (value) => {
      if (!(Number.isFinite(value) && value > 0)) throw new Error('a rate is a positive number');
      usd = value;
    },
    setFailing: (value) => {
      failing = value;
    },
  };
}
