import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/**
 * The sandbox bank's side of a booked transfer: its signed "credit booked" webhook, enqueued
 * `BANK_SANDBOX_DELAY_SECONDS` after the booking; a refused or failed delivery is retried, as a bank
 * retries its notifications. Handled by `bank-sandbox-deliver.handler.ts`.
 */
export const bankSandboxDeliverJob = defineJob({
  name: 'bank.sandbox-deliver',
  payload: z.object({ entryId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  timeoutSeconds: 60,
});
