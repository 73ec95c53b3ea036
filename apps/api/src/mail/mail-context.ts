import type { Db } from '../db/client.ts';
import { findShopChannel } from '../modules/reference/reference.service.ts';
import type { MailPort } from '../partners/mail/port.ts';

/**
 * Where the platform's mails go out from and link to: the mail port, PUBLIC_URL (the base of every
 * link), and the sender (the shop channel's name and contact address).
 */
export type MailContext = { mail: MailPort; publicUrl: string; platform: string; from: string };

/** What both a request (`app`) and a job (its `JobContext`) hold. */
type MailContextSource = { db: Db; partners: { mail: MailPort }; config: { publicUrl: string } };

/**
 * The one builder of the mail context, for requests and jobs alike, so a mail links to PUBLIC_URL
 * whoever sends it.
 */
export async function mailContext(source: MailContextSource): Promise<MailContext> {
  const channel = await findShopChannel({ db: source.db });
  return {
    mail: source.partners.mail,
    publicUrl: source.config.publicUrl,
    platform: channel?.name ?? 'Tokenwerk',
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
  };
}
