import type { Database, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailPort, OutgoingMail } from './port.ts';

/** Writes one outbox row; `captured` mails stay local, `pending` ones await their delivery job. */
export async function insertOutboxMail(
  db: Database | Tx,
  mail: OutgoingMail,
  status: 'captured' | 'pending',
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      fromAddress: mail.from,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      template: mail.template,
      attachments: mail.attachments ?? [],
      status,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** The default adapter: mails stay in the outbox table, readable at /dev/mailbox outside production. */
export function createOutboxMail(): MailPort {
  return {
    kind: 'outbox',
    // The outbox is the mailbox: nothing to deliver, so no job.
    queue: (db, mail) => insertOutboxMail(db, mail, 'captured'),
    async send() {
      // Reached only by a delivery job enqueued while SMTP_URL was set; it retries, then fails.
      throw new Error('no mail transport configured (SMTP_URL is not set)');
    },
  };
}
