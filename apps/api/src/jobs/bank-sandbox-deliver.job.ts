import { z } from 'zod';
import { isSandboxBank } from '../partners/bank/create-bank.ts';
import { defineJob } from './job.ts';

/**
 * The sandbox bank's side of a booked transfer: posts the signed "credit booked" webhook to the
 * platform (enqueued `BANK_SANDBOX_DELAY_SECONDS` after the booking); a refused or failed delivery is
 * retried, as a bank retries its notifications.
 */
export const bankSandboxDeliverJob = defineJob({
  name: 'bank.sandbox-deliver',
  payload: z.object({ entryId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  timeoutSeconds: 60,
  async handler({ db, partners, log }, { entryId }) {
    if (!isSandboxBank(partners.bank)) {
      log.warn({ entryId }, 'sandbox bank credit dropped: the sandbox bank is not active');
      return;
    }
    await partners.bank.sandbox.deliver({ db, entryId });
    log.info({ entryId }, 'sandbox bank credit delivered');
  },
});
