import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/**
 * The sandbox registrar's own verdict, CUSTODY_SANDBOX_DELAY_SECONDS after a wallet was opened;
 * handled by `custody-sandbox-auto-approve.handler.ts`.
 */
export const custodySandboxAutoApproveJob = defineJob({
  name: 'custody.sandbox-auto-approve',
  payload: z.object({ walletId: z.string().min(1).max(200) }),
  timeoutSeconds: 60,
});
