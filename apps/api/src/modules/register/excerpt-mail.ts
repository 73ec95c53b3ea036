import type { Locale } from '@token/domain/i18n';
import { type RegisterExcerptType, registerExcerptTypeLabels } from '@token/domain/register';
import type { Db } from '../../db/client.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { findShopChannel } from '../reference/reference.service.ts';

/** The notice of a new register excerpt (eWpG § 19), in the holder's language, with a link to the list. */
export function renderExcerptMail(
  locale: Locale,
  p: {
    name: string;
    platform: string;
    number: string;
    type: RegisterExcerptType;
    productName: string;
    url: string;
  },
): { subject: string; text: string } {
  const occasion = registerExcerptTypeLabels[p.type][locale];
  const lines =
    locale === 'de'
      ? {
          subject: `Ihr Registerauszug ${p.number} zur Anleihe ${p.productName}`,
          body: [
            `für Ihre Token der Anleihe ${p.productName} liegt ein neuer Registerauszug für Sie bereit (${occasion}, Nr. ${p.number}).`,
            `Sie finden ihn als PDF unter Ihren Registerauszügen: ${p.url}`,
          ],
          greeting: `Guten Tag ${p.name},`,
          closing: `Ihr Team von ${p.platform}`,
        }
      : {
          subject: `Your register excerpt ${p.number} for the bond ${p.productName}`,
          body: [
            `a new register excerpt for your tokens of the bond ${p.productName} is ready for you (${occasion.toLowerCase()}, no. ${p.number}).`,
            `You will find it as a PDF among your register excerpts: ${p.url}`,
          ],
          greeting: `Dear ${p.name},`,
          closing: `Your ${p.platform} team`,
        };
  return {
    subject: lines.subject,
    text: [lines.greeting, '', ...lines.body, '', lines.closing].join('\n'),
  };
}

/** Writes the excerpt notice to the outbox in the caller's transaction (it exists exactly when the excerpt does). */
export async function queueExcerptMail(
  tx: Db,
  opts: {
    mail: MailPort;
    publicUrl: string;
    to: string;
    locale: Locale;
    customer: { email: string; firstName: string | null; lastName: string | null };
    number: string;
    type: RegisterExcerptType;
    productName: string;
  },
): Promise<void> {
  const channel = await findShopChannel({ db: tx });
  const platform = channel?.name ?? 'Tokenwerk';
  // A company's mail greets the person who runs the account, as every account mail does.
  const name = greetingName(opts.customer);
  const { subject, text } = renderExcerptMail(opts.locale, {
    name,
    platform,
    number: opts.number,
    type: opts.type,
    productName: opts.productName,
    // spec 2: the excerpts live under /account/exerpts (the path as the spec spells it).
    url: `${opts.publicUrl}/account/exerpts`,
  });
  await opts.mail.queue(tx, {
    to: opts.to,
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
    subject,
    text,
    template: 'register_excerpt',
  });
}
