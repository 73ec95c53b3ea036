import { z } from 'zod';

/**
 * `GET /open-api/exchange_rates` (spec 7): the euro reference rate, `usd` US dollars for 1 euro,
 * of `date` (the publisher's day), and who published it (`ECB`, or `sandbox` for the stored rate).
 */
export const exchangeRateViewSchema = z.object({
  usd: z.number().positive(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  source: z.string(),
});
export type ExchangeRateView = z.infer<typeof exchangeRateViewSchema>;
