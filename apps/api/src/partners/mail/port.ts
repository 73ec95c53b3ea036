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
 * so it exists exactly when the change it reports was committed. With a transport (SMTP), the same
 * transaction enqueues a `mail.deliver` job, which calls `send` with retries (decision 005); without
 * one the mail stays `captured` in the outbox, readable at /dev/mailbox.
 */
export type MailPort = {
  kind: 'outbox' | 'smtp';
  /** Writes the mail to the outbox (and enqueues its delivery) in the caller's transaction; returns its id. */
  queue: (db: Database | Tx, mail: OutgoingMail) => Promise<number>;
  /** Hands one mail to the transport; throws when it is refused. Called by the `mail.deliver` job. */
  send: (mail: OutgoingMail & { messageId: string }) => Promise<void>;
};
