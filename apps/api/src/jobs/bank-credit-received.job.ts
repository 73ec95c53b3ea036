import { z } from 'zod';
import { bankCreditPayloadSchema } from '../partners/bank/port.ts';
import { defineJob } from './job.ts';

/**
 * A credit arrived on a collection account (the bank's webhook, enqueued with the recorded event in
 * the same transaction, or a statement import); handled by `bank-credit-received.handler.ts`.
 */
export const bankCreditReceivedJob = defineJob({
  name: 'bank.credit-received',
  payload: z.object({
    /** `camt` for statement imports, else the bank adapter's provider (`sandbox`). */
    source: z.string().regex(/^[a-z0-9-]{1,40}$/),
    /** The recorded webhook (partner_events.id), marked processed here; null for statement imports. */
    partnerEventId: z.number().int().positive().nullable(),
    credit: bankCreditPayloadSchema,
  }),
});
