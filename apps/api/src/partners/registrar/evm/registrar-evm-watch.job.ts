import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/**
 * The EVM registrar's chain watcher for one instruction (decision 016, "EVM registrar"): enqueued by
 * `submit` in the transaction that records the signed transaction, it reads the receipt and, once
 * `REGISTRAR_CONFIRMATIONS` blocks are on it, records the confirmation or refusal as the webhook
 * would (partner event + `registrar.event` job); still pending, it enqueues itself again.
 * `refused` carries an answer the adapter gave without reaching the chain (an address missing).
 */
export const registrarEvmWatchJob = defineJob({
  name: 'registrar.evm-watch',
  payload: z.object({
    key: z.string().min(1).max(200),
    /** How many times the instruction was looked at (for the log of a transaction stuck long). */
    poll: z.number().int().min(0).default(0),
    refused: z
      .object({
        reason: z.string().max(500),
        fromAddress: z.string().max(100).nullable(),
        toAddress: z.string().max(100).nullable(),
        amount: z.number().int().positive(),
      })
      .nullable()
      .default(null),
  }),
  retry: { limit: 8, delaySeconds: 5, backoff: true },
  timeoutSeconds: 120,
});
