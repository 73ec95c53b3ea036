import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withExchangeRateCache } from './cached.ts';
import { createEcbExchangeRates, parseEcbDailyXml } from './ecb.ts';
import { createSandboxExchangeRates } from './sandbox.ts';

const sample = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const url = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/** A fetch that answers every call with `body` and `status`, recording the URLs asked for. */
function fakeFetch(body: string, status = 200) {
  const calls: string[] = [];
  const fn = (async (input: string | URL | Request) => {
    calls.push(String(input));
    return new Response(body, { status, headers: { 'content-type': 'text/xml' } });
  }) as typeof fetch;
  return { fn, calls };
}

describe('ECB adapter', () => {
  it('reads the USD rate and its day from the recorded daily XML', async () => {
    const fetch = fakeFetch(sample);
    const ecb = createEcbExchangeRates({ url, fetch: fetch.fn });
    expect(await ecb.latest()).toEqual({ usd: 1.0834, date: '2026-11-26', source: 'ECB' });
    expect(fetch.calls).toEqual([url]);
  });

  it.each([
    ['an HTTP error', fakeFetch(sample, 503)],
    ['an HTML page', fakeFetch('<html><body>Maintenance</body></html>')],
    ['a day without USD', fakeFetch(sample.replace("currency='USD'", "currency='XXX'"))],
    ['a rate that is no number', fakeFetch(sample.replace("rate='1.0834'", "rate='n/a'"))],
    ['a document with a DOCTYPE', fakeFetch(`<!DOCTYPE x [<!ENTITY a "b">]>${sample}`)],
  ])('rejects %s', async (_what, fetch) => {
    await expect(createEcbExchangeRates({ url, fetch: fetch.fn }).latest()).rejects.toThrow(/ECB rates/);
  });

  it('rejects a document far larger than the ECB’s', () => {
    expect(() => parseEcbDailyXml(sample + ' '.repeat(70_000))).toThrow(/too large/);
  });
});

describe('Sandbox adapter', () => {
  it('serves its stored rate, dated the platform’s day, until another is stored', async () => {
    const sandbox = createSandboxExchangeRates({ usd: 1.0834, now: () => new Date('2026-11-26T23:30:00Z') });
    expect(await sandbox.latest()).toEqual({ usd: 1.0834, date: '2026-11-27', source: 'sandbox' });
    sandbox.setRate(1.1);
    expect((await sandbox.latest()).usd).toBe(1.1);
    expect(() => sandbox.setRate(0)).toThrow();
    sandbox.setFailing(true);
    await expect(sandbox.latest()).rejects.toThrow();
  });
});

describe('The in-process cache', () => {
  it('asks the partner once an hour, serves the last rate while it fails, and 503 without one', async () => {
    let clock = 0;
    const sandbox = createSandboxExchangeRates({ usd: 1.0834 });
    let calls = 0;
    const counted = {
      latest: () => {
        calls++;
        return sandbox.latest();
      },
    };
    const cached = withExchangeRateCache(counted, { ttlMs: 3_600_000, now: () => clock });
    await Promise.all([cached.latest(), cached.latest(), cached.latest()]);
    expect(calls).toBe(1);
    sandbox.setRate(1.2);
    clock += 3_599_999;
    expect((await cached.latest()).usd).toBe(1.0834);
    clock += 1;
    expect((await cached.latest()).usd).toBe(1.2);
    sandbox.setFailing(true);
    clock += 10 * 3_600_000;
    expect((await cached.latest()).usd).toBe(1.2);

    const empty = withExchangeRateCache(sandbox, { ttlMs: 3_600_000 });
    await expect(empty.latest()).rejects.toMatchObject({ code: 'exchange_rate_unavailable' });
  });
});
