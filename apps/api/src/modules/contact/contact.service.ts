import type { ContactMessageInput } from '@token/domain/contact';
import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { findShopChannel } from '../reference/reference.service.ts';

const languageName: Record<Locale, string> = { de: 'Deutsch', en: 'Englisch' };

/**
 * Stores a contact-form message and, in the same transaction, queues a mail to the channel's
 * contact address (reply-to: the sender); its delivery job hands it to the transport after commit.
 */
export async function sendContactMessage(opts: {
  db: Database;
  mail: MailPort;
  locale: Locale;
  input: ContactMessageInput;
  customerId?: number | null;
}): Promise<{ id: number; createdAt: Date }> {
  const { db, mail, locale, input } = opts;
  // The shop's channel receives contact mail at its contact address.
  const channel = await findShopChannel({ db });
  if (!channel) throw new AppError('service_unavailable');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, locale, customerId: opts.customerId ?? null })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    // The operator reads German; the sender's language is noted so the answer can match it.
    const text = [
      `Neue Nachricht über das Kontaktformular von ${channel.name}`,
      '',
      `Name: ${input.name}`,
      `E-Mail: ${input.email}`,
      `Sprache: ${languageName[locale]}`,
      `Betreff: ${input.subject}`,
      '',
      input.message,
      '',
      `— Kontaktanfrage Nr. ${row!.id}`,
    ].join('\n');
    await mail.queue(tx, {
      to: channel.contactEmail,
      from: channel.contactEmail,
      replyTo: input.email,
      subject: `Kontaktanfrage: ${input.subject}`,
      text,
      template: 'contact_form',
    });
    return row!;
  });
}
