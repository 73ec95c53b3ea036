import type { JobPayload } from '../../../jobs/job.ts';
import type { JobContext } from '../../../jobs/job-handler.ts';
import { isSandboxBank } from '../create-bank.ts';
import type { bankSandboxDeliverJob } from './bank-sandbox-deliver.job.ts';

/** Posts the sandbox bank's signed "credit booked" webhook to the platform. */
export async function handleBankSandboxDeliver(
  { db, partners, log }: JobContext,
  { entryId }: JobPayload<typeof bankSandboxDeliverJob>,
): Promise<void> {
  if (!isSandboxBank(partners.bank)) {
    log.warn({ entryId }, 'sandbox bank credit dropped: the sandbox bank is not active');
    return;
  }
  await partners.bank.sandbox.deliver({ db, entryId });
  log.info({ entryId }, 'sandbox bank credit delivered');
}
