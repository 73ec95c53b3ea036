import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/** One scheduled answer of the sandbox registrar: the instruction's key and its schedule's version. */
export const registrarSandboxDeliverySchema = z.object({
  key: z.string().min(1).max(200),
  /** The instruction's `version` when this run was scheduled; a delay or a decision since makes it stale. */
  version: z.number().int().min(1),
});
export type RegistrarSandboxDelivery = z.infer<typeof registrarSandboxDeliverySchema>;

/**
 * The sandbox registrar's side of an instruction: when due (REGISTRAR_SANDBOX_CONFIRM_AFTER_MS after
 * it arrived, or at once after a tester's decision) it executes the instruction on its own ledger
 * (or refuses it) and posts the signed webhook to the platform; a refused delivery is retried with the
 * same event id. Handled by `registrar-sandbox-deliver.handler.ts`.
 */
export const registrarSandboxDeliverJob = defineJob({
  name: 'registrar.sandbox-deliver',
  payload: registrarSandboxDeliverySchema,
  // About 5 s, 10 s, 20 s … 20 min: a platform that was briefly down still gets the answer.
  retry: { limit: 8, delaySeconds: 5, backoff: true },
  timeoutSeconds: 60,
});
