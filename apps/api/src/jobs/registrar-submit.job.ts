import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Hands one registrar instruction (mint, transfer, burn) to the registrar partner, enqueued in the
 * transaction that records the instruction; handled by `registrar-submit.handler.ts`. The registrar
 * executes an idempotency key once, so a retry after a timeout never mints or moves twice.
 */
export const registrarSubmitJob = defineJob({
  name: 'registrar.submit',
  payload: z.object({ instructionId: z.number().int().positive() }),
  // About 5 s, 10 s, 20 s … 20 min: a registrar that is down is tried again, never skipped.
  retry: { limit: 8, delaySeconds: 5, backoff: true },
  timeoutSeconds: 120,
});
