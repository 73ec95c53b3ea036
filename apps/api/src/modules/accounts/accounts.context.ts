import type { App } from '../../http/types.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import type { MailContext } from './account-mail.service.ts';

/** Sender and links of account mails: the shop channel's name and contact address, the public URL. */
export async function accountMailContext(app: App): Promise<MailContext> {
  const channel = await findShopChannel({ db: app.db });
  return {
    mail: app.partners.mail,
    publicUrl: app.config.publicUrl,
    platform: channel?.name ?? 'Tokenwerk',
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
  };
}
