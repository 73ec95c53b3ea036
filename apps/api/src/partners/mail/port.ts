import type { Database, Tx } from '../../db/client.ts';

/** One mail as the application composes it; addresses are plain e-mail addresses. */
export type OutgoingMail = {
  to: string;
  from: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** What the mail is about (`contact_form`, `verify_email`), for the mailbox view and tests. */
  template: string;
};

/**
 * Sending mail. Every mail is first written to the outbox table inside the caller's transaction,
 * so it exists exactly when the change it reports was committed; `deliver` then hands committed
 * mails to the transport (SMTP) and records the outcome, or leaves them for /dev/mailbox.
 */
export type MailPort = {
  kind: 'outbox' | 'smtp';
  /** Writes the mail to the outbox (status pending) and returns its id. */
  queue: (db: Database | Tx, mail: OutgoingMail) => Promise<number>;
  /** Delivers queued mails after commit; never throws: failures are recorded on the row. */
  deliver: (db: Database, ids: number[]) => Promise<void>;
};
