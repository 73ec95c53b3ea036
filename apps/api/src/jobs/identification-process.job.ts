import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * One identification result the partner reported, enqueued with the recorded event in the same
 * transaction; handled by `identification-process.handler.ts`.
 */
export const identificationProcessJob = defineJob({
  name: 'identification.process',
  payload: z.object({
    partnerEventId: z.number().int().positive(),
    // Jobs queued before the links took PUBLIC_URL from the config carry a `publicUrl`: ignored.
  }),
});
