import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Hourly: placed bank-transfer orders still unpaid past their due date are cancelled; handled by
 * `order-expiry.handler.ts`.
 */
export const orderExpiryJob = defineJob({
  name: 'orders.expire',
  // Runs queued before links took PUBLIC_URL from the config may still carry a `publicUrl`: ignored.
  payload: z.object({}),
  schedule: { cron: '15 * * * *' },
  retry: { limit: 2, delaySeconds: 60, backoff: true },
});
