import { asc, eq } from 'drizzle-orm';
import { channels } from '../../db/schema/index.ts';
import type { App } from '../../http/types.ts';
import type { MailContext } from './account-mail.service.ts';

/** Sender and links of account mails: the shop channel's name and contact address, the public URL. */
export async function accountMailContext(app: App): Promise<MailContext> {
  const [channel] = await app.db
    .select({ name: channels.name, contactEmail: channels.contactEmail, code: channels.code })
    .from(channels)
    .where(eq(channels.enabled, true))
    .orderBy(asc(channels.id));
  return {
    mail: app.partners.mail,
    publicUrl: app.config.publicUrl,
    platform: channel?.name ?? 'Tokenwerk',
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
  };
}
