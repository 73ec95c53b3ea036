import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Every five minutes: identifications still waiting for the partner's decision whose callback did
 * not come are asked for at the partner's API, each on a backing-off schedule and for a bounded time
 * (decision 029, `identificationPollDue`). Handled by `identification-poll.handler.ts`.
 */
export const identificationPollJob = defineJob({
  name: 'identification.poll',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *' },
  retry: { limit: 1, delaySeconds: 60, backoff: false },
});
