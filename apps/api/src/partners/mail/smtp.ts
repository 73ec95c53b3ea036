import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { mailDeliverJob } from '../../jobs/mail-deliver.job.ts';
import { insertOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';

type Logger = { info: (obj: object, msg: string) => void };

export type SmtpTimeouts = AppConfig['smtpTimeouts'];

/**
 * Real delivery through nodemailer: `queue` writes the outbox row and its `mail.deliver` job in the
 * caller's transaction; the job calls `send` after commit and retries with back-off.
 * `transport` is an SMTP URL (`smtps://user:pass@host:465`), nodemailer transport options or a
 * transport object (tests). `timeouts` (decision 031) end an attempt on a silent server with an
 * error well before the job's own timeout, so the job retries it.
 */
export function createSmtpMail(opts: {
  transport: string | Parameters<typeof nodemailer.createTransport>[0];
  timeouts?: SmtpTimeouts;
  logger?: Logger;
}): MailPort {
  const { timeouts } = opts;
  const transporter = nodemailer.createTransport(
    (typeof opts.transport === 'string'
      ? {
          url: opts.transport,
          ...(timeouts
            ? {
                connectionTimeout: timeouts.connectionMs,
                greetingTimeout: timeouts.greetingMs,
                socketTimeout: timeouts.socketMs,
              }
            : {}),
        }
      : opts.transport) as Parameters<typeof nodemailer.createTransport>[0],
  );
  return {
    kind: 'smtp',
    async queue(db, mail) {
      const id = await insertOutboxMail(db, mail, 'pending');
      await enqueueJob(db, mailDeliverJob, { mailId: id });
      return id;
    },
    async send(mail) {
      const deadline = timeouts ? AbortSignal.timeout(timeouts.sendMs) : undefined;
      const info = await transporter
        .sendMail({
          to: mail.to,
          from: mail.from,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          messageId: mail.messageId,
          // The whole attempt, however slowly the server answers each command (nodemailer closes the connection).
          ...(deadline ? { signal: deadline } : {}),
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: a.content,
                })),
              }
            : {}),
        })
        .catch((err: unknown) => {
          if (!deadline?.aborted) throw err;
          // nodemailer's own words ("Message sending aborted") would not say why, in the outbox row.
          throw new Error(`the SMTP server took longer than ${timeouts!.sendMs / 1000} s to take the mail`, {
            cause: err,
          });
        });
      // The server's answer names its own queue id, the thread to follow the mail further.
      opts.logger?.info({ messageId: mail.messageId, response: info.response }, 'mail handed to SMTP');
    },
  };
}
