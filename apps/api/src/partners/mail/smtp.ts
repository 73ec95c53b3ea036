import nodemailer from 'nodemailer';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { mailDeliverJob } from '../../jobs/mail-deliver.job.ts';
import { insertOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';

type Logger = { info: (obj: object, msg: string) => void };

/**
 * Real delivery through nodemailer: `queue` writes the outbox row and its `mail.deliver` job in the
 * caller's transaction; the job calls `send` after commit and retries with back-off.
 * `transport` is an SMTP URL (`smtps://user:pass@host:465`), nodemailer transport options or a
 * transport object (tests).
 */
export function createSmtpMail(opts: {
  transport: string | Parameters<typeof nodemailer.createTransport>[0];
  logger?: Logger;
}): MailPort {
  const transporter = nodemailer.createTransport(
    opts.transport as Parameters<typeof nodemailer.createTransport>[0],
  );
  return {
    kind: 'smtp',
    async queue(db, mail) {
      const id = await insertOutboxMail(db, mail, 'pending');
      await enqueueJob(db, mailDeliverJob, { mailId: id });
      return id;
    },
    async send(mail) {
      const info = await transporter.sendMail({
        to: mail.to,
        from: mail.from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.messageId,
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
      // The server's answer names its own queue id, the thread to follow the mail further.
      opts.logger?.info({ messageId: mail.messageId, response: info.response }, 'mail handed to SMTP');
    },
  };
}
