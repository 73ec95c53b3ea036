import { mailContext } from '../mail/mail-context.ts';
import { processIdentificationEvent } from '../modules/identification/identification.service.ts';
import type { identificationProcessJob } from './identification-process.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * Applies the result: KYC state, `kycPassed`, result data, audit log and the customer's mail.
 * Idempotent: an event already processed is skipped.
 */
export async function handleIdentificationProcess(
  ctx: JobContext,
  { partnerEventId }: JobPayload<typeof identificationProcessJob>,
): Promise<void> {
  const { mail, publicUrl } = await mailContext(ctx);
  await processIdentificationEvent({ db: ctx.db, mail, publicUrl, partnerEventId, log: ctx.log });
}
