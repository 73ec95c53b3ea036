import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Compares every bond's journal with the registrar's balances (decision 016, "Reconciliation"),
 * hourly; handled by `register-reconcile.handler.ts`. Each run stores one result per bond.
 */
export const registerReconcileJob = defineJob({
  name: 'register.reconcile',
  payload: z.object({}),
  // Hourly, at minute 17 (away from the full hour's other work).
  schedule: { cron: '17 * * * *' },
  retry: { limit: 2, delaySeconds: 120, backoff: true },
  timeoutSeconds: 30 * 60,
});
