import type { Locale } from '@token/domain/i18n';
import type { Database, Tx } from '../../db/client.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { type AccountMailKind, type AccountMailParams, renderAccountMail } from './account-mails.ts';

/** The name a mail greets: "Erika Mustermann", else the address. */
export function greetingName(c: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return name || c.email;
}

/** Queues an account mail in the caller's transaction (it exists exactly when the change commits). */
export async function queueAccountMail(
  db: Database | Tx,
  ctx: MailContext,
  opts: {
    to: string;
    locale: Locale;
    kind: AccountMailKind;
    name: string;
    params?: Partial<Omit<AccountMailParams, 'name' | 'platform' | 'contactUrl'>>;
  },
): Promise<number> {
  const { subject, text } = renderAccountMail(opts.kind, opts.locale, {
    name: opts.name,
    platform: ctx.platform,
    contactUrl: `${ctx.publicUrl}/contact`,
    ...opts.params,
  });
  return ctx.mail.queue(db, { to: opts.to, from: ctx.from, subject, text, template: opts.kind });
}
