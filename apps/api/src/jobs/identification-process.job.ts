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
    /** The platform's public address, for the links in the customer's mail. */
    publicUrl: z.string().url(),
  }),
});
