import { processIdentificationEvent } from '../modules/identification/identification.service.ts';
import type { identificationProcessJob } from './identification-process.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * Applies the result: KYC state, `kycPassed`, result data, audit log and the customer's mail.
 * Idempotent: an event already processed is skipped.
 */
export async function handleIdentificationProcess(
  { db, partners, log }: JobContext,
  { partnerEventId, publicUrl }: JobPayload<typeof identificationProcessJob>,
): Promise<void> {
  await processIdentificationEvent({ db, mail: partners.mail, publicUrl, partnerEventId, log });
}
