import { z } from 'zod';
import type { IncomingWebhook, WebhookVerification } from '../identification/port.ts';

/**
 * The bank of the collection accounts (convention 4). Credits reach the platform two ways: the bank's
 * "credit booked" webhook (the sandbox bank; real banks' EBICS/API push would be another adapter) and
 * camt.053/054 statements an operator imports (`camt.ts`). Both end as one `BankCreditPayload` handed
 * to the `bank.credit-received` job.
 */

export type { IncomingWebhook, WebhookVerification };

const isoDate = z.iso.date();

/** One booked credit as the platform records it (webhook data and job payload alike). */
export const bankCreditPayloadSchema = z.object({
  amountCents: z.number().int().positive().max(99_999_999_999),
  currency: z.string().regex(/^[A-Z]{3}$/),
  remittanceText: z.string().max(1000).nullable(),
  structuredReference: z.string().max(35).nullable(),
  debtorName: z.string().max(140).nullable(),
  debtorIban: z.string().max(34).nullable(),
  bookingDate: isoDate,
  valueDate: isoDate.nullable(),
  /** The bank's unique reference of the booking: the same booking twice is recorded once. */
  entryReference: z.string().min(1).max(100),
  statementId: z.string().max(100).nullable(),
});
export type BankCreditPayload = z.infer<typeof bankCreditPayloadSchema>;

/**
 * A bank webhook read by its adapter: `eventId` deduplicates deliveries; `credit` is set for a
 * "credit booked" event the adapter understood, else `problem` says why it cannot be applied.
 */
export type BankEvent = {
  eventId: string;
  type: string;
  credit: BankCreditPayload | null;
  problem: 'unknown_event_type' | 'malformed_payload' | null;
};

/** One adapter of the bank. */
export type BankPort = {
  provider: string;
  /** Checks that a webhook comes from this bank (over the raw body; constant time; 5-minute window). */
  verifyWebhook: (webhook: IncomingWebhook) => WebhookVerification;
  /** Reads a verified webhook's body (never throws). */
  readEvent: (body: unknown, rawBody: Buffer) => BankEvent;
};
