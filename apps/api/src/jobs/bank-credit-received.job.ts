import { z } from 'zod';
import { applyBankCredit } from '../modules/payments/bank-credits.service.ts';
import { bankCreditPayloadSchema } from '../partners/bank/port.ts';
import { defineJob } from './job.ts';

/**
 * A credit arrived on a collection account (the bank's webhook, enqueued with the recorded event in
 * the same transaction): `applyBankCredit` records it in `bank_credits` once by the bank's entry
 * reference. Idempotent: a credit recorded before is left alone.
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
  async handler({ db, log }, payload) {
    const result = await applyBankCredit({ db, ...payload });
    log.info(
      { entryReference: payload.credit.entryReference, bankCreditId: result.id, duplicate: result.duplicate },
      'bank credit recorded',
    );
  },
});
