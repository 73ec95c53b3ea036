import type { Database, Tx } from '../../db/client.ts';

/**
 * A file attached to a mail, by its key in object storage: the outbox keeps the reference, the
 * delivery job reads the bytes (a mail row never holds a PDF).
 */
export type MailAttachment = { filename: string; contentType: string; storageKey: string };

/** An attachment as the transport receives it. */
export type MailAttachmentContent = { filename: string; contentType: string; content: Buffer };

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
  /** Files sent with the mail (e.g. the legal documents of a bond). */
  attachments?: MailAttachment[] | undefined;
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
  send: (
    mail: Omit<OutgoingMail, 'attachments'> & { messageId: string; attachments?: MailAttachmentContent[] },
  ) => Promise<void>;
};
