import { applyBankCredit } from '../modules/payments/bank-credits.service.ts';
import { findShopChannel } from '../modules/reference/reference.service.ts';
import type { bankCreditReceivedJob } from './bank-credit-received.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * `applyBankCredit` records the credit in `bank_credits` once by the bank's entry reference, and
 * matches it to the order awaiting it (an exact match books the order as paid and mails the
 * investor). Idempotent: a credit recorded before is left alone.
 */
export async function handleBankCreditReceived(
  { db, partners, log }: JobContext,
  payload: JobPayload<typeof bankCreditReceivedJob>,
): Promise<void> {
  const channel = await findShopChannel({ db });
  const publicUrl = channel?.hostname ? `https://${channel.hostname}` : 'http://localhost:3000';
  const result = await applyBankCredit({ db, ...payload, booking: { mail: partners.mail, publicUrl } });
  log.info(
    { entryReference: payload.credit.entryReference, bankCreditId: result.id, outcome: result.outcome },
    'bank credit recorded',
  );
}
