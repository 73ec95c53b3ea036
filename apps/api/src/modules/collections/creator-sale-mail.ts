import { formatMoney } from '@token/domain/money';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, products } from '../../db/schema/index.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { findShopChannel } from '../reference/reference.service.ts';
import { getNotificationSettings } from './notification-settings.service.ts';

/** What the creator learns of a sale: the work, the editions and the amount, never the buyer. */
export type CreatorSale = { productName: string; quantity: number; total: number };

const texts = {
  de: (s: CreatorSale, money: string) => ({
    subject: `Verkauft: „${s.productName}“`,
    body: [
      s.quantity === 1
        ? `Eine Sammlerin oder ein Sammler hat eine Edition Ihres Werks „${s.productName}“ für ${money} gekauft und bezahlt.`
        : `Eine Sammlerin oder ein Sammler hat ${s.quantity} Editionen Ihres Werks „${s.productName}“ für ${money} gekauft und bezahlt.`,
    ],
    links: (url: string) => [
      `Ihre Werke: ${url}/created`,
      `Diese Benachrichtigungen können Sie unter ${url}/notifications-settings abschalten („Verkauf“).`,
    ],
  }),
  en: (s: CreatorSale, money: string) => ({
    subject: `Sold: "${s.productName}"`,
    body: [
      s.quantity === 1
        ? `A collector bought and paid for one edition of your work "${s.productName}" for ${money}.`
        : `A collector bought and paid for ${s.quantity} editions of your work "${s.productName}" for ${money}.`,
    ],
    links: (url: string) => [
      `Your works: ${url}/created`,
      `You can turn these notifications off at ${url}/notifications-settings ("Sale").`,
    ],
  }),
};

/**
 * The "sale" notification of spec 3's settings: when an order for a creator's item is paid, its
 * creator gets a mail in their language, unless they turned "sale" off. Written to the outbox in the
 * caller's transaction, so it exists exactly when the payment was booked. Catalogue products without
 * a creator (the bonds) notify nobody.
 */
export async function queueCreatorSaleMail(
  tx: Tx,
  opts: { mail: MailPort; publicUrl: string; productId: number | null; sale: CreatorSale },
): Promise<boolean> {
  if (opts.productId === null) return false;
  const [creator] = await tx
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      locale: customers.locale,
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.creatorId))
    .where(eq(products.id, opts.productId));
  if (!creator) return false;
  const settings = await getNotificationSettings({ db: tx, customerId: creator.id });
  if (!settings.sale) return false;
  const channel = await findShopChannel({ db: tx });
  const platform = channel?.name ?? 'Tokenwerk';
  const locale = creator.locale;
  const text = texts[locale](opts.sale, formatMoney(opts.sale.total, { locale }));
  const greeting = locale === 'de' ? `Guten Tag ${greetingName(creator)},` : `Dear ${greetingName(creator)},`;
  const closing = locale === 'de' ? `Ihr Team von ${platform}` : `Your ${platform} team`;
  await opts.mail.queue(tx, {
    to: creator.email,
    from: channel?.contactEmail ?? 'noreply@tokenwerk.example',
    subject: text.subject,
    text: [greeting, '', ...text.body, '', ...text.links(opts.publicUrl), '', closing].join('\n'),
    template: 'creator_sale',
  });
  return true;
}
