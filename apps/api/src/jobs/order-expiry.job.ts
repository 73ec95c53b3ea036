import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Hourly: placed bank-transfer orders still unpaid past their due date are cancelled; handled by
 * `order-expiry.handler.ts`.
 */
export const orderExpiryJob = defineJob({
  name: 'orders.expire',
  payload: z.object({ publicUrl: z.url().optional() }),
  schedule: { cron: '15 * * * *' },
  retry: { limit: 2, delaySeconds: 60, backoff: true },
});
