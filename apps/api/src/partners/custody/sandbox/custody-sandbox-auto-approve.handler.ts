import type { JobPayload } from '../../../jobs/job.ts';
import type { JobContext } from '../../../jobs/job-handler.ts';
import { isSandboxCustody } from '../create-custody.ts';
import type { custodySandboxAutoApproveJob } from './custody-sandbox-auto-approve.job.ts';

/**
 * `approved`, unless a tester already decided on the sandbox page. Idempotent: it changes only a
 * wallet still at `approval_required`, and enqueues the report in the same transaction.
 */
export async function handleCustodySandboxAutoApprove(
  { db, partners, log }: JobContext,
  { walletId }: JobPayload<typeof custodySandboxAutoApproveJob>,
): Promise<void> {
  if (!isSandboxCustody(partners.custody)) {
    log.warn({ walletId }, 'sandbox custody approval left: the custody partner is not the sandbox');
    return;
  }
  await partners.custody.sandbox.autoApprove(db, walletId);
}
