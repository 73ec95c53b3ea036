import { z } from 'zod';
import { processIdentificationEvent } from '../modules/identification/identification.service.ts';
import { defineJob } from './job.ts';

/**
 * Applies one identification result the partner reported (enqueued with the recorded event, in the
 * same transaction): KYC state, `kycPassed`, result data, audit log and the customer's mail.
 * Idempotent: an event already processed is skipped.
 */
export const identificationProcessJob = defineJob({
  name: 'identification.process',
  payload: z.object({
    partnerEventId: z.number().int().positive(),
    /** The platform's public address, for the links in the customer's mail. */
    publicUrl: z.string().url(),
  }),
  async handler({ db, partners, log }, { partnerEventId, publicUrl }) {
    await processIdentificationEvent({ db, mail: partners.mail, publicUrl, partnerEventId, log });
  },
});
