import { applyRecordedRegistrarEvent } from '../modules/register/registrar-events.service.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';
import type { registrarEventJob } from './registrar-event.job.ts';

/**
 * Applies a recorded registrar answer: the instruction, its journal entry and its consequences
 * (order shipped, transfer confirmed or refused) in one transaction. A refusal by the journal
 * (`register_entry_refused`) is thrown, so the job fails loudly and the instruction stays submitted.
 */
export async function handleRegistrarEvent(
  { db, log }: JobContext,
  { partnerEventId }: JobPayload<typeof registrarEventJob>,
): Promise<void> {
  const outcome = await applyRecordedRegistrarEvent({ db, partnerEventId, log });
  log.info({ partnerEventId, outcome }, 'registrar event handled');
}
