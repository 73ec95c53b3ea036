import { fetchIdentificationResult } from '../modules/identification/identification-results.service.ts';
import type { identificationFetchResultJob } from './identification-fetch-result.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/** Asks the partner's API for the identification's result and records it for booking. */
export async function handleIdentificationFetchResult(
  ctx: JobContext,
  { identificationId, reason }: JobPayload<typeof identificationFetchResultJob>,
): Promise<void> {
  const outcome = await fetchIdentificationResult({
    db: ctx.db,
    partner: ctx.partners.identification,
    identificationId,
  });
  ctx.log.info({ identificationId, reason, outcome }, 'identification result fetched from the partner');
}
