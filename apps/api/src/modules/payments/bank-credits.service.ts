import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { bankCredits, partnerEvents } from '../../db/schema/index.ts';
import { recordPartnerEvent } from '../../http/webhooks.ts';
import { bankCreditReceivedJob } from '../../jobs/bank-credit-received.job.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { parseCamt } from '../../partners/bank/camt.ts';
import type { BankCreditPayload, BankPort } from '../../partners/bank/port.ts';

/**
 * Incoming bank credits (issue 8). Every credit on a collection account is recorded once in
 * `bank_credits`, keyed by the bank's entry reference, whichever way it came (webhook or statement).
 * Matching credits to orders and booking the orders as paid is the order process's step (the
 * reconciliation reads `bank_credits` with status `unmatched`); this module records and stops there.
 */

export type AppliedBankCredit = { id: number; duplicate: boolean };

/**
 * Records a credit in `bank_credits` as `unmatched` (unique by entry reference: the same booking
 * again is a duplicate and changes nothing) and marks its webhook event processed.
 */
export async function applyBankCredit(opts: {
  db: Db;
  /** `camt` for statement imports, else the bank adapter's provider (`sandbox`). */
  source: string;
  partnerEventId: number | null;
  credit: BankCreditPayload;
}): Promise<AppliedBankCredit> {
  const { db, source, credit } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankCredits)
      .values({
        source,
        amountCents: credit.amountCents,
        currency: credit.currency,
        remittanceText: credit.remittanceText,
        structuredReference: credit.structuredReference,
        debtorName: credit.debtorName,
        debtorIban: credit.debtorIban,
        bookingDate: credit.bookingDate,
        valueDate: credit.valueDate,
        entryReference: credit.entryReference,
        statementId: credit.statementId,
      })
      .onConflictDoNothing({ target: bankCredits.entryReference })
      .returning({ id: bankCredits.id });
    if (opts.partnerEventId !== null) {
      await tx
        .update(partnerEvents)
        .set({ processedAt: new Date(), ...(row ? {} : { error: 'duplicate_entry_reference' }) })
        .where(eq(partnerEvents.id, opts.partnerEventId));
    }
    if (row) return { id: row.id, duplicate: false };
    const [existing] = await tx
      .select({ id: bankCredits.id })
      .from(bankCredits)
      .where(eq(bankCredits.entryReference, credit.entryReference));
    return { id: existing!.id, duplicate: true };
  });
}

export type StatementImport = {
  type: 'camt.053' | 'camt.054';
  messageId: string;
  /** Credits in the file, newly recorded, and already known (from a webhook or an earlier import). */
  credits: number;
  recorded: number;
  duplicates: number;
  skipped: { debits: number; reversals: number; notBooked: number };
};

/**
 * Imports a camt.053/054 file (an operator's upload): parses it (4xx `bank_statement_*` when it is not
 * one, too large or unsafe) and records each booked credit once, all in one transaction, so importing
 * the same file twice records nothing twice.
 */
export async function importBankStatement(opts: { db: Database; file: Buffer }): Promise<StatementImport> {
  const statement = parseCamt(opts.file);
  return opts.db.transaction(async (tx) => {
    let recorded = 0;
    for (const credit of statement.credits) {
      const { duplicate } = await applyBankCredit({
        db: tx,
        source: 'camt',
        partnerEventId: null,
        credit: { ...credit, structuredReference: credit.structuredReference?.slice(0, 35) ?? null },
      });
      if (!duplicate) recorded++;
    }
    return {
      type: statement.type,
      messageId: statement.messageId,
      credits: statement.credits.length,
      recorded,
      duplicates: statement.credits.length - recorded,
      skipped: statement.skipped,
    };
  });
}

/**
 * Receives a verified bank webhook: records the event once by its id and, in the same transaction,
 * enqueues `bank.credit-received` with the credit. An event that cannot be applied is kept with its
 * error and answered as received (the bank would otherwise retry it forever).
 */
export async function receiveBankWebhook(opts: {
  db: Database;
  bank: BankPort;
  body: unknown;
  rawBody: Buffer;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<{ duplicate: boolean; problem: string | null }> {
  const { db, bank, body, rawBody, log } = opts;
  const event = bank.readEvent(body, rawBody);
  const receipt = await db.transaction(async (tx) => {
    const id = await recordPartnerEvent(tx, {
      provider: `bank-${bank.provider}`,
      eventId: event.eventId,
      type: event.type,
      payload: body,
    });
    if (id === null) return { duplicate: true, problem: null };
    if (!event.credit) {
      await tx
        .update(partnerEvents)
        .set({ error: event.problem ?? 'malformed_payload', processedAt: new Date() })
        .where(eq(partnerEvents.id, id));
      return { duplicate: false, problem: event.problem ?? 'malformed_payload' };
    }
    await enqueueJob(tx, bankCreditReceivedJob, {
      source: bank.provider,
      partnerEventId: id,
      credit: event.credit,
    });
    return { duplicate: false, problem: null };
  });
  if (receipt.problem) {
    log.warn(
      { eventId: event.eventId, type: event.type, problem: receipt.problem },
      'bank webhook recorded but not applied',
    );
  }
  return receipt;
}
