import { exchangeRateViewSchema } from '@token/domain/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withExchangeRateCache } from '../../partners/exchange-rates/cached.ts';
import type { ExchangeRatesPartner } from '../../partners/exchange-rates/create-exchange-rates.ts';
import { createSandboxExchangeRates } from '../../partners/exchange-rates/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// The partner behind the app: a sandbox with a cache on a clock the test moves; `reset` starts afresh.
let clock = 0;
let sandbox = createSandboxExchangeRates({ usd: 1.0834 });
let cached = withExchangeRateCache(sandbox, { ttlMs: 3_600_000, now: () => clock });
function reset(usd: number) {
  sandbox = createSandboxExchangeRates({ usd });
  cached = withExchangeRateCache(sandbox, { ttlMs: 3_600_000, now: () => clock });
}
const exchangeRates: ExchangeRatesPartner = {
  latest: () => cached.latest(),
  get source() {
    return sandbox;
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none', partners: { exchangeRates } });
});
afterAll(async () => {
  await t.close();
});

const read = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ url: `/open-api/exchange_rates${query}`, headers });

describe('GET /open-api/exchange_rates', () => {
  it('answers the partner’s rate to a visitor, cached for an hour, and the cached rate while it fails', async () => {
    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    const body = exchangeRateViewSchema.parse(first.json());
    expect(body).toMatchObject({ usd: 1.0834, source: 'sandbox' });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    sandbox.setRate(1.1);
    expect((await read()).json()).toMatchObject({ usd: 1.0834 });
    clock += 3_600_000;
    expect((await read()).json()).toMatchObject({ usd: 1.1 });

    sandbox.setFailing(true);
    clock += 3_600_000;
    const stale = await read();
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ usd: 1.1 });
  });

  it('answers 503 exchange_rate_unavailable in the reader’s language when the partner fails without a cached rate', async () => {
    reset(1.2);
    sandbox.setFailing(true);
    for (const [lang, title] of [
      ['de', 'Der Wechselkurs ist gerade nicht verfügbar. Bitte versuchen Sie es später noch einmal.'],
      ['en', 'The exchange rate is not available right now. Please try again later.'],
    ] as const) {
      const res = await read({ 'accept-language': lang });
      expect(res.statusCode).toBe(503);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 503, code: 'exchange_rate_unavailable', title });
    }
    sandbox.setFailing(false);
    expect((await read()).json()).toMatchObject({ usd: 1.2 });
  });

  it('rejects unknown query parameters with a 400 problem', async () => {
    const res = await read({}, '?currency=USD');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_query' });
  });
});
