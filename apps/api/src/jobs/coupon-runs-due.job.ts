import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Daily: the coupon (and redemption) runs whose record date has ended are prepared from the register
 * and the operators told; handled by `coupon-runs-due.handler.ts`. A period has one run, so a second
 * run of the job, or a retry after a crash, prepares nothing twice.
 */
export const couponRunsDueJob = defineJob({
  name: 'servicing.coupon-runs-due',
  payload: z.object({}),
  // 04:30 UTC: 05:30 or 06:30 in Berlin, after the record day has ended, before the working day.
  schedule: { cron: '30 4 * * *' },
  retry: { limit: 3, delaySeconds: 300, backoff: true },
});
