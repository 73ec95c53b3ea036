import { exchangeRateViewSchema } from '@token/domain/marketplace';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { getExchangeRate } from './exchange-rates.service.ts';

/** spec 7 `GET /open-api/exchange_rates` (outside the shop API): the euro's USD reference rate. */
export async function exchangeRateRoutes(app: App) {
  app.get(
    '/exchange_rates',
    {
      config: { errors: ['exchange_rate_unavailable'] },
      schema: {
        tags: ['exchange-rates'],
        summary:
          'The euro reference rate: `usd` US dollars for 1 euro, of `date` (ECB, or the sandbox’s rate)',
        querystring: z.strictObject({ locale: z.string().max(10).optional() }),
        response: { 200: exchangeRateViewSchema },
      },
    },
    async (_request, reply) => {
      const rate = await getExchangeRate({ exchangeRates: app.partners.exchangeRates });
      // The rate changes once a working day; a client may keep it a few minutes.
      return reply.header('cache-control', 'public, max-age=300').send(rate);
    },
  );
}
