import type { ContactMessageInput } from '@token/domain/contact';
import type { Locale } from '@token/domain/i18n';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { channels, contactMessages } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { MailPort } from '../../partners/mail/port.ts';

const languageName: Record<Locale, string> = { de: 'Deutsch', en: 'Englisch' };

/** The channel that receives contact mail: the `token` channel, else the first enabled one. */
async function findContactChannel(db: Database) {
  const rows = await db
    .select({ code: channels.code, name: channels.name, contactEmail: channels.contactEmail })
    .from(channels)
    .where(eq(channels.enabled, true))
    .orderBy(asc(channels.id));
  return rows.find((c) => c.code === 'token') ?? rows[0] ?? null;
}

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
  const channel = await findContactChannel(db);
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
