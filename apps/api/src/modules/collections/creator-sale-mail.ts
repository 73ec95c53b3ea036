import { formatMoney } from '@token/domain/money';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, products } from '../../db/schema/index.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { type MailContent, renderLetter } from '../../partners/mail/letter.ts';
import type { MailPort } from '../../partners/mail/port.ts';
import { greetingName } from '../accounts/account-mail.service.ts';
import { getNotificationSettings } from './notification-settings.service.ts';

/** What the creator learns of a sale: the work, the editions and the amount, never the buyer. */
export type CreatorSale = { productName: string; quantity: number; total: number };

const texts: Record<'de' | 'en', (s: CreatorSale, url: string) => MailContent> = {
  de: (s, url) => ({
    subject: `Verkauft: „${s.productName}“`,
    body: [
      s.quantity === 1
        ? `Eine Sammlerin oder ein Sammler hat eine Edition Ihres Werks „${s.productName}“ für ${formatMoney(s.total, { locale: 'de' })} gekauft und bezahlt.`
        : `Eine Sammlerin oder ein Sammler hat ${s.quantity} Editionen Ihres Werks „${s.productName}“ für ${formatMoney(s.total, { locale: 'de' })} gekauft und bezahlt.`,
      `Ihre Werke: ${url}/created`,
      `Diese Benachrichtigungen können Sie unter ${url}/notifications-settings abschalten („Verkauf“).`,
    ],
  }),
  en: (s, url) => ({
    subject: `Sold: "${s.productName}"`,
    body: [
      s.quantity === 1
        ? `A collector bought and paid for one edition of your work "${s.productName}" for ${formatMoney(s.total, { locale: 'en' })}.`
        : `A collector bought and paid for ${s.quantity} editions of your work "${s.productName}" for ${formatMoney(s.total, { locale: 'en' })}.`,
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
  const ctx = await mailContext({
    db: tx,
    partners: { mail: opts.mail },
    config: { publicUrl: opts.publicUrl },
  });
  const { subject, text } = renderLetter(
    creator.locale,
    { name: greetingName(creator), platform: ctx.platform },
    texts[creator.locale](opts.sale, ctx.publicUrl),
  );
  await ctx.mail.queue(tx, { to: creator.email, from: ctx.from, subject, text, template: 'creator_sale' });
  return true;
}
