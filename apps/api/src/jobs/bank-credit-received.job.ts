import { z } from 'zod';
import { applyBankCredit } from '../modules/payments/bank-credits.service.ts';
import { findShopChannel } from '../modules/reference/reference.service.ts';
import { bankCreditPayloadSchema } from '../partners/bank/port.ts';
import { defineJob } from './job.ts';

/**
 * A credit arrived on a collection account (the bank's webhook, enqueued with the recorded event in
 * the same transaction): `applyBankCredit` records it in `bank_credits` once by the bank's entry
 * reference, and matches it to the order awaiting it (an exact match books the order as paid and
 * mails the investor). Idempotent: a credit recorded before is left alone.
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
  async handler({ db, partners, log }, payload) {
    const channel = await findShopChannel({ db });
    const publicUrl = channel?.hostname ? `https://${channel.hostname}` : 'http://localhost:3000';
    const result = await applyBankCredit({ db, ...payload, booking: { mail: partners.mail, publicUrl } });
    log.info(
      { entryReference: payload.credit.entryReference, bankCreditId: result.id, outcome: result.outcome },
      'bank credit recorded',
    );
  },
});
