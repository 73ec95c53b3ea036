import type { Transport } from 'nodemailer';

export type StubbedMail = { to: string; subject: string; text: string; messageId: string };

/**
 * A nodemailer transport for tests: keeps every mail it accepts (after `delayMs`, like a server
 * taking its time), or refuses the n-th call when `refuse(n)` returns an error (an SMTP 4xx answer).
 */
export function stubMailTransport(
  opts: { refuse?: (call: number) => Error | undefined; delayMs?: number } = {},
) {
  const sent: StubbedMail[] = [];
  let calls = 0;
  const transport: Transport = {
    name: 'stub',
    version: '1.0.0',
    send(mail, callback) {
      calls += 1;
      const error = opts.refuse?.(calls);
      if (error) {
        callback(error, undefined);
        return;
      }
      setTimeout(() => {
        sent.push({
          to: String(mail.data.to),
          subject: String(mail.data.subject),
          text: String(mail.data.text),
          messageId: mail.message.messageId(),
        });
        callback(null, {
          envelope: mail.message.getEnvelope(),
          messageId: mail.message.messageId(),
          response: '250 2.0.0 queued',
        });
      }, opts.delayMs ?? 0);
    },
  };
  return { transport, sent, calls: () => calls };
}
