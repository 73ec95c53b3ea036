import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * One registrar status a custodian reported, enqueued with the recorded webhook event; handled by
 * `custody-registrar-status.handler.ts`. A report about a wallet not stored yet is retried.
 */
export const custodyRegistrarStatusJob = defineJob({
  name: 'custody.registrar-status',
  payload: z.object({
    partnerEventId: z.number().int().positive(),
    // Jobs queued before the links took PUBLIC_URL from the config carry a `publicUrl`: ignored.
  }),
  // About 5 s, 10 s, 20 s … 10 min.
  retry: { limit: 7, delaySeconds: 5, backoff: true },
  timeoutSeconds: 120,
});
