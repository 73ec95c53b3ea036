import { z } from 'zod';
import { isSandboxCustody } from '../partners/custody/port.ts';
import { defineJob } from './job.ts';

/**
 * The sandbox registrar's own verdict, CUSTODY_SANDBOX_DELAY_SECONDS after a wallet was opened:
 * `approved`, unless a tester already decided on the sandbox page. Idempotent: it changes only a
 * wallet still at `approval_required`, and enqueues the report in the same transaction.
 */
export const custodySandboxAutoApproveJob = defineJob({
  name: 'custody.sandbox-auto-approve',
  payload: z.object({ walletId: z.string().min(1).max(200) }),
  timeoutSeconds: 60,
  async handler({ db, partners, log }, { walletId }) {
    if (!isSandboxCustody(partners.custody)) {
      log.warn({ walletId }, 'sandbox custody approval left: the custody partner is not the sandbox');
      return;
    }
    await partners.custody.sandbox.autoApprove(db, walletId);
  },
});
