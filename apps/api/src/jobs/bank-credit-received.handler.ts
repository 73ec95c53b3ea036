import { mailContext } from '../mail/mail-context.ts';
import { applyBankCredit } from '../modules/payments/bank-credits.service.ts';
import type { bankCreditReceivedJob } from './bank-credit-received.job.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';

/**
 * `applyBankCredit` records the credit in `bank_credits` once by the bank's entry reference, and
 * matches it to the order awaiting it (an exact match books the order as paid and mails the
 * investor, linking to PUBLIC_URL). Idempotent: a credit recorded before is left alone.
 */
export async function handleBankCreditReceived(
  ctx: JobContext,
  payload: JobPayload<typeof bankCreditReceivedJob>,
): Promise<void> {
  const result = await applyBankCredit({ db: ctx.db, ...payload, booking: await mailContext(ctx) });
  ctx.log.info(
    { entryReference: payload.credit.entryReference, bankCreditId: result.id, outcome: result.outcome },
    'bank credit recorded',
  );
}
