import { mailContext } from '../mail/mail-context.ts';
import { applyRegistrarEvent } from '../modules/wallets/registrar.service.ts';
import type { custodyRegistrarStatusJob } from './custody-registrar-status.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * Applies the reported status: registrar status, customer follow-up, audit log and the customer's
 * mail in one transaction. Idempotent: an event already processed is skipped. A report about a
 * wallet not stored yet (it overtook the request that opened the wallet) is given up on the last attempt.
 */
export async function handleCustodyRegistrarStatus(
  ctx: JobContext,
  { partnerEventId }: JobPayload<typeof custodyRegistrarStatusJob>,
): Promise<void> {
  const { db, log, job } = ctx;
  const { mail, publicUrl } = await mailContext(ctx);
  const outcome = await applyRegistrarEvent({
    db,
    mail,
    partnerEventId,
    publicUrl,
    isLastAttempt: job.attempt >= job.maxAttempts,
    log,
  });
  log.debug({ partnerEventId, outcome }, 'registrar status event handled');
}
