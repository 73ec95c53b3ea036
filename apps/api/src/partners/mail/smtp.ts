import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { createOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * Real delivery through nodemailer: mails are queued in the outbox like the default adapter, then
 * sent right after commit; the row records `sent` or `failed` with the error for a later retry.
 * `transport` is an SMTP URL (`smtps://user:pass@host:465`) or nodemailer transport options.
 */
export function createSmtpMail(opts: {
  transport: string | Parameters<typeof nodemailer.createTransport>[0];
  logger?: Logger;
}): MailPort {
  const transporter = nodemailer.createTransport(
    opts.transport as Parameters<typeof nodemailer.createTransport>[0],
  );
  const outbox = createOutboxMail();
  return {
    kind: 'smtp',
    queue: outbox.queue,
    async deliver(db: Database, ids: number[]) {
      if (ids.length === 0) return;
      const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      for (const row of rows) {
        if (row.status !== 'pending') continue;
        try {
          await transporter.sendMail({
            to: row.toAddress,
            from: row.fromAddress,
            ...(row.replyTo ? { replyTo: row.replyTo } : {}),
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
          });
          await db
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: new Date(),
              attempts: sql`${mailOutbox.attempts} + 1`,
              lastError: null,
            })
            .where(eq(mailOutbox.id, row.id));
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          opts.logger?.warn({ mailId: row.id, err: message }, 'mail delivery failed');
          await db
            .update(mailOutbox)
            .set({
              status: 'failed',
              attempts: sql`${mailOutbox.attempts} + 1`,
              lastError: message.slice(0, 500),
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }
    },
  };
}
