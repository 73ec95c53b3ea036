import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The sandbox bank's outgoing side (issue 17): each credit transfer of a submitted pain.001 payout
 * file, as the bank executed it. The end-to-end id is unique: a file submitted twice is executed once.
 * A transaction the tester rejects is booked and returned (an R-transaction with its ISO reason code),
 * as a real bank reports a closed or wrong account days later.
 */
export const sandboxBankDebits = pgTable(
  'sandbox_bank_debits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The bank's reference of the booking (AcctSvcrRef in its camt files). */
    entryReference: text().notNull(),
    /** The pain.001 file's MsgId and PmtInfId the transaction came in. */
    messageId: text().notNull(),
    paymentInfoId: text().notNull(),
    endToEndId: text().notNull(),
    /** The debited account (the platform's payout account) and its holder. */
    accountIban: text().notNull(),
    debtorName: text().notNull(),
    creditorName: text().notNull(),
    creditorIban: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('EUR'),
    remittanceText: text(),
    requestedExecutionDate: date({ mode: 'string' }).notNull(),
    bookingDate: date({ mode: 'string' }).notNull(),
    /** `booked`, or `returned` with `returnReason` (ISO 20022 return reason code). */
    status: text({ enum: ['booked', 'returned'] })
      .notNull()
      .default('booked'),
    returnReason: text(),
    bookedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_bank_debits_reference_unique').on(t.entryReference),
    uniqueIndex('sandbox_bank_debits_end_to_end_unique').on(t.endToEndId),
    check('sandbox_bank_debits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
