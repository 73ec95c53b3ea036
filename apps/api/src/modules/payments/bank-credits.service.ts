import { findPaymentReferences, matchBankCredit } from '@token/domain/payments';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../../db/client.ts';
import {
  bankCredits,
  orders,
  partnerEvents,
  payments,
  productPaymentConfigurations,
} from '../../db/schema/index.ts';
import { bankCreditReceivedJob } from '../../jobs/bank-credit-received.job.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { parseCamt } from '../../partners/bank/camt.ts';
import type { BankCreditPayload, BankPort } from '../../partners/bank/port.ts';
import { bookOrderPaid } from '../orders/order-lifecycle.service.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';

/**
 * Incoming bank credits (issue 8). Every credit on a collection account is recorded once in
 * `bank_credits`, keyed by the bank's entry reference, whichever way it came (webhook or statement),
 * and in the same transaction matched to the order awaiting it (`reconcileBankCredit`): an exact
 * match books the order as paid; partial, excess, unknown credits and credits for closed orders stay
 * open for the operators' reconciliation list with a note.
 */

export type AppliedBankCredit = { id: number; duplicate: boolean; outcome: 'matched' | 'open' | 'duplicate' };

/** Where the "payment received" mail goes out from (the outbox) and links to (`mailContext`). */
export type BookingContext = Pick<MailContext, 'mail' | 'publicUrl'>;

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
  booking: BookingContext;
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
    if (row) {
      const outcome = await reconcileBankCredit(tx, { creditId: row.id, ...opts.booking });
      return { id: row.id, duplicate: false, outcome };
    }
    const [existing] = await tx
      .select({ id: bankCredits.id })
      .from(bankCredits)
      .where(eq(bankCredits.entryReference, credit.entryReference));
    return { id: existing!.id, duplicate: true, outcome: 'duplicate' };
  });
}

/**
 * Matches a recorded, still unmatched credit against the orders awaiting payment (`matchBankCredit`
 * on the references found in its remittance information) in the caller's transaction. What earlier
 * partial credits of the same order brought counts: the credit completing the total books the order
 * (and marks those partial credits matched too). The order row lock in `bookOrderPaid` keeps two
 * credits from booking one order twice: the later one finds it paid and stays open as excess.
 */
export async function reconcileBankCredit(
  tx: Tx,
  opts: { creditId: number } & BookingContext,
): Promise<'matched' | 'open'> {
  const [credit] = await tx.select().from(bankCredits).where(eq(bankCredits.id, opts.creditId)).for('update');
  if (!credit) return 'open';
  if (credit.status !== 'unmatched' || credit.matchedOrderId !== null) {
    return credit.status === 'matched' ? 'matched' : 'open';
  }
  const note = async (values: Partial<typeof bankCredits.$inferInsert>) => {
    await tx
      .update(bankCredits)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(bankCredits.id, credit.id));
  };
  const prefixRows = await tx
    .selectDistinct({ prefix: productPaymentConfigurations.paymentReferencePrefix })
    .from(productPaymentConfigurations)
    .where(isNotNull(productPaymentConfigurations.paymentReferencePrefix));
  const prefixes = [
    'TW',
    ...prefixRows.map((r) => (r.prefix ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase()),
  ];
  const candidates = [
    ...findPaymentReferences(credit.structuredReference, {}),
    ...findPaymentReferences(credit.remittanceText, { prefixes }),
  ].map((f) => f.reference);
  if (candidates.length === 0) {
    await note({ note: { code: 'no_reference' } });
    return 'open';
  }
  const rows = await tx
    .select({ order: orders, reference: payments.paymentReference })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(inArray(payments.paymentReference, candidates));
  const awaiting = rows.filter(
    (r) => r.order.checkoutState === 'completed' && r.order.paymentState === 'awaiting_payment',
  );
  const received = new Map<number, number>();
  if (awaiting.length > 0) {
    const sums = await tx
      .select({ orderId: bankCredits.matchedOrderId, cents: sql<string>`sum(${bankCredits.amountCents})` })
      .from(bankCredits)
      .where(
        and(
          inArray(
            bankCredits.matchedOrderId,
            awaiting.map((r) => r.order.id),
          ),
          eq(bankCredits.status, 'partial'),
        ),
      )
      .groupBy(bankCredits.matchedOrderId);
    for (const s of sums) if (s.orderId !== null) received.set(s.orderId, Number(s.cents));
  }
  const match = matchBankCredit({
    credit,
    openOrders: awaiting.map((r) => ({
      orderId: r.order.id,
      reference: r.reference!,
      amountCents: r.order.total - (received.get(r.order.id) ?? 0),
      currency: r.order.currencyCode,
    })),
    seenEntryReferences: new Set(),
    prefixes,
  });
  if (match.status === 'matched') {
    const booking = await bookOrderPaid(tx, {
      orderId: match.orderId,
      mail: opts.mail,
      publicUrl: opts.publicUrl,
    });
    if (booking.booked) {
      const order = booking.order;
      await note({
        status: 'matched',
        matchedOrderId: order.id,
        note: { code: 'order_paid', order: order.number, amountCents: order.total },
      });
      await tx
        .update(bankCredits)
        .set({ status: 'matched', updatedAt: new Date() })
        .where(and(eq(bankCredits.matchedOrderId, order.id), eq(bankCredits.status, 'partial')));
      return 'matched';
    }
    await note({
      note: {
        code: 'order_not_payable',
        order: booking.order?.number ?? null,
        state: booking.state ?? 'gone',
      },
    });
    return 'open';
  }
  if (match.status === 'partial' || match.status === 'excess') {
    const order = awaiting.find((r) => r.order.id === match.orderId)!.order;
    const before = received.get(order.id) ?? 0;
    await note({
      status: match.status,
      matchedOrderId: order.id,
      note:
        match.status === 'partial'
          ? {
              code: 'partial',
              order: order.number,
              receivedCents: before + credit.amountCents,
              totalCents: order.total,
            }
          : {
              code: 'excess',
              order: order.number,
              amountCents: credit.amountCents,
              dueCents: order.total - before,
            },
    });
    return 'open';
  }
  // Unknown: a reference of an order no longer awaiting payment (cancelled, expired, paid) or none.
  const closed = rows[0]?.order;
  if (closed) {
    await note({
      note: {
        code: 'order_closed',
        order: closed.number,
        state: closed.paymentState,
        cancelReason: closed.cancelReason ?? null,
      },
    });
    return 'open';
  }
  await note({
    note:
      match.status === 'unknown' && match.reason === 'currency'
        ? { code: 'wrong_currency', currency: credit.currency }
        : { code: 'unknown_reference', reference: candidates[0]! },
  });
  return 'open';
}

export type StatementImport = {
  type: 'camt.053' | 'camt.054';
  messageId: string;
  /** Credits in the file, newly recorded, and already known (from a webhook or an earlier import). */
  credits: number;
  recorded: number;
  duplicates: number;
  /** Of the newly recorded: booked on their order, and left open for the reconciliation list. */
  matched: number;
  open: number;
  skipped: { debits: number; reversals: number; notBooked: number };
};

/**
 * Imports a camt.053/054 file (an operator's upload): parses it (4xx `bank_statement_*` when it is not
 * one, too large or unsafe) and records each booked credit once, all in one transaction, so importing
 * the same file twice records nothing twice.
 */
export async function importBankStatement(opts: {
  db: Database;
  file: Buffer;
  booking: BookingContext;
}): Promise<StatementImport> {
  const statement = parseCamt(opts.file);
  return opts.db.transaction(async (tx) => {
    let recorded = 0;
    let matched = 0;
    for (const credit of statement.credits) {
      const { duplicate, outcome } = await applyBankCredit({
        db: tx,
        source: 'camt',
        partnerEventId: null,
        credit: { ...credit, structuredReference: credit.structuredReference?.slice(0, 35) ?? null },
        booking: opts.booking,
      });
      if (!duplicate) recorded++;
      if (outcome === 'matched') matched++;
    }
    return {
      type: statement.type,
      messageId: statement.messageId,
      credits: statement.credits.length,
      recorded,
      duplicates: statement.credits.length - recorded,
      matched,
      open: recorded - matched,
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
