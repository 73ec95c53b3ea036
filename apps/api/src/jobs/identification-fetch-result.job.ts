import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Fetches one identification's result from the partner's API and books it like a callback (decision
 * 029): enqueued when a callback could not be verified, and by the poll for identifications whose
 * callback does not come. Handled by `identification-fetch-result.handler.ts`; idempotent (a result
 * already booked is not booked again).
 */
export const identificationFetchResultJob = defineJob({
  name: 'identification.fetch-result',
  payload: z.object({
    identificationId: z.number().int().positive(),
    reason: z.enum(['unverified_webhook', 'poll']),
  }),
  // The partner unreachable: tried again a few times; the poll comes back later anyway.
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  timeoutSeconds: 120,
});
