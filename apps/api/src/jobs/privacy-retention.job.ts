import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Daily: removes what has outlived its retention period (decision 024): expired data exports and the
 * locked records of erased customers whose period ended; handled by `privacy-retention.handler.ts`.
 */
export const privacyRetentionJob = defineJob({
  name: 'privacy.retention',
  payload: z.object({}),
  schedule: { cron: '30 3 * * *' },
  retry: { limit: 2, delaySeconds: 300, backoff: true },
});
