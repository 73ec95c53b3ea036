import { createOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';
import { createSmtpMail, type SmtpTimeouts } from './smtp.ts';

/** The mail adapter the configuration asks for: SMTP when `SMTP_URL` is set, else the outbox. */
export function createMailPort(opts: {
  smtpUrl: string | undefined;
  timeouts: SmtpTimeouts;
  logger?: { info: (obj: object, msg: string) => void };
}): MailPort {
  if (opts.smtpUrl)
    return createSmtpMail({
      transport: opts.smtpUrl,
      timeouts: opts.timeouts,
      ...(opts.logger ? { logger: opts.logger } : {}),
    });
  return createOutboxMail();
}
