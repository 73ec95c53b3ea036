import { pollOpenIdentifications } from '../modules/identification/identification-results.service.ts';
import type { JobContext } from './job-handler.ts';

/** Queues a result fetch for each open identification whose next poll is due. */
export async function handleIdentificationPoll(ctx: JobContext): Promise<void> {
  const queued = await pollOpenIdentifications({
    db: ctx.db,
    provider: ctx.partners.identification.provider,
  });
  if (queued > 0) ctx.log.info({ queued }, 'identification results to fetch from the partner');
}
