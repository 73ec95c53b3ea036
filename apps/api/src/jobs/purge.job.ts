import { z } from 'zod';
import { defineJob } from './job.ts';

/** Hourly: deletes expired rows (see `purgeTargets`); handled by `purge.handler.ts`. */
export const purgeJob = defineJob({
  name: 'system.purge',
  payload: z.object({}),
  schedule: { cron: '0 * * * *' },
  retry: { limit: 2, delaySeconds: 60, backoff: true },
});
