import { createOutboxMail } from './outbox.ts';
import type { MailPort } from './port.ts';
import { createSmtpMail } from './smtp.ts';

/** The mail adapter the configuration asks for: SMTP when `SMTP_URL` is set, else the outbox. */
export function createMailPort(opts: {
  smtpUrl: string | undefined;
  logger?: { info: (obj: object, msg: string) => void };
}): MailPort {
  if (opts.smtpUrl)
    return createSmtpMail({ transport: opts.smtpUrl, ...(opts.logger ? { logger: opts.logger } : {}) });
  return createOutboxMail();
}
