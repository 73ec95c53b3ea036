import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import type { ExchangeRate, ExchangeRatesPort } from './port.ts';

/*
 * The ECB's euro foreign exchange reference rates, published on TARGET working days around 16:00 CET
 * as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml:
 *   <gesmes:Envelope ...><Cube><Cube time="2026-11-26"><Cube currency="USD" rate="1.0834"/>...
 * The document is refused when larger than 64 KiB (it is about 2 KiB) or when it declares a DOCTYPE
 * or ENTITY; fast-xml-parser loads nothing external.
 */

const maxBytes = 64 * 1024;
const timeoutMs = 10_000;

const dailySchema = z.object({
  Envelope: z.object({
    Cube: z.object({
      Cube: z.object({
        time: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        Cube: z.array(z.object({ currency: z.string(), rate: z.string().regex(/^\d+(\.\d+)?$/) })),
      }),
    }),
  }),
});

/** The USD rate and its day from the ECB's daily XML; throws on anything else. */
export function parseEcbDailyXml(xml: string): ExchangeRate {
  if (xml.length > maxBytes) throw new Error('ECB rates: document too large');
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw new Error('ECB rates: DOCTYPE or ENTITY refused');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    processEntities: false,
    isArray: (_name, jpath) => jpath === 'Envelope.Cube.Cube.Cube',
  });
  const parsed = dailySchema.safeParse(parser.parse(xml));
  if (!parsed.success) throw new Error('ECB rates: unexpected document');
  const day = parsed.data.Envelope.Cube.Cube;
  const usd = day.Cube.find((c) => c.currency === 'USD');
  const rate = usd ? Number(usd.rate) : Number.NaN;
  if (!(rate > 0)) throw new Error('ECB rates: no USD rate');
  return { usd: rate, date: day.time, source: 'ECB' };
}

/** The ECB adapter: reads the daily XML over HTTPS (`fetch` injected in tests). */
export function createEcbExchangeRates(opts: { url: string; fetch?: typeof fetch }): ExchangeRatesPort {
  const fetchFn = opts.fetch ?? fetch;
  return {
    latest: async () => {
      const res = await fetchFn(opts.url, {
        headers: { accept: 'application/xml, text/xml' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`ECB rates: HTTP ${res.status}`);
      return parseEcbDailyXml(await res.text());
    },
  };
}
