import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Where an outbox mail stands: `captured` (no SMTP_URL: kept here for /dev/mailbox, never sent),
 * `pending` (awaiting its `mail.deliver` job, also between retries), `sending` (claimed by an
 * attempt), `sent`, `failed` (after the last attempt, or an interrupted one; decision 005).
 */
export const mailStatuses = ['captured', 'pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Outgoing mail. Without SMTP_URL it stays here and is readable at /dev/mailbox outside
 * production; with SMTP_URL a job delivers it and records the outcome.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** What the mail is about, for the mailbox view and tests (`contact_form`, `verify_email`). */
    template: text().notNull(),
    /** Files sent with the mail, by storage key (read by the delivery job). */
    attachments: jsonb()
      .$type<{ filename: string; contentType: string; storageKey: string }[]>()
      .notNull()
      .default([]),
    status: text({ enum: mailStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.toAddress)],
);

/** Messages sent through the contact form; the operator's mailbox gets a mail for each. */
export const contactMessages = pgTable('contact_messages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  locale: text().notNull(),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
