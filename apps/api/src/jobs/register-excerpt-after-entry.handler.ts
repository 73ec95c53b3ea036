import { createExcerpt } from '../modules/register/excerpts.service.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';
import type { registerExcerptAfterEntryJob } from './register-excerpt-after-entry.job.ts';

/**
 * Makes the holder's `after_transaction` excerpt up to the entry and queues its notice mail in the
 * same transaction; a rerun finds the excerpt made and does nothing (unique per holder, bond, entry).
 */
export async function handleRegisterExcerptAfterEntry(
  ctx: JobContext,
  payload: JobPayload<typeof registerExcerptAfterEntryJob>,
): Promise<void> {
  const { excerpt, created } = await createExcerpt({
    db: ctx.db,
    ...payload,
    type: 'after_transaction',
    notice: { mail: ctx.partners.mail, publicUrl: ctx.config.publicUrl },
  });
  if (created) ctx.log.info({ excerpt: excerpt.number }, 'register excerpt after an entry');
}
