import { mailOutbox } from '../../db/schema/index.ts';
import type { MailPort } from './port.ts';

/** The default adapter: mails stay in the outbox table, readable at /dev/mailbox outside production. */
export function createOutboxMail(): MailPort {
  return {
    kind: 'outbox',
    async queue(db, mail) {
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
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    async deliver() {
      // Nothing to hand over: the outbox is the mailbox.
    },
  };
}
