import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * eWpG § 19: once a year, a `cron_job` excerpt for every holder with tokens of every bond; handled by
 * `register-excerpts-yearly.handler.ts`, at most one per holder, bond and year however often it runs.
 */
export const registerExcerptsYearlyJob = defineJob({
  name: 'register.excerpts-yearly',
  payload: z.object({}),
  // 2 January, 06:00 in Berlin (CET, UTC+1 in January): after the turn of the year, before the working day.
  schedule: { cron: '0 5 2 1 *' },
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  // Thousands of holders, each excerpt a transaction and a mail.
  timeoutSeconds: 2 * 60 * 60,
});
