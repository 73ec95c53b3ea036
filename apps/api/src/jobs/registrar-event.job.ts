import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * One registrar answer (an instruction confirmed or refused), enqueued with the recorded webhook
 * event; handled by `registrar-event.handler.ts`, which books it in the register (once).
 */
export const registrarEventJob = defineJob({
  name: 'registrar.event',
  payload: z.object({ partnerEventId: z.number().int().positive() }),
  // About 5 s, 10 s, 20 s … 10 min; an answer the journal refuses keeps failing loudly for an operator.
  retry: { limit: 7, delaySeconds: 5, backoff: true },
  timeoutSeconds: 120,
});
