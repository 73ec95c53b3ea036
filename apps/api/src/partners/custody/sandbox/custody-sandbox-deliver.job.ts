import { registrarStatuses } from '@token/domain/wallets';
import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/** One registrar-status report of the sandbox custodian, as it is sent (same event id on every retry). */
export const sandboxReportSchema = z.object({
  eventId: z.string().min(1).max(200),
  walletId: z.string().min(1).max(200),
  reference: z.string().max(200),
  address: z.string().max(42),
  status: z.enum(registrarStatuses),
  message: z.string().max(2000).nullable(),
  occurredAt: z.string().max(40),
});
export type SandboxReport = z.infer<typeof sandboxReportSchema>;

/**
 * The sandbox custodian's webhook delivery (convention 4: partners report asynchronously): one
 * signed report to the platform, retried when refused, as real partners retry. Handled by
 * `custody-sandbox-deliver.handler.ts`.
 */
export const custodySandboxDeliverJob = defineJob({
  name: 'custody.sandbox-deliver',
  payload: sandboxReportSchema,
  // About 10 s, 20 s, 40 s … 21 min: a platform that was briefly down still gets the report.
  retry: { limit: 8, delaySeconds: 10, backoff: true },
  timeoutSeconds: 60,
});
