import type { Locale } from '@token/domain/i18n';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { greetingName } from '../accounts/account-mail.service.ts';

export type PrivacyMailKind = 'export_ready' | 'erasure_requested' | 'erasure_confirmed' | 'erasure_refused';
type Params = { expiresAt?: Date; reason?: string };

const dateOf = (d: Date | undefined, locale: Locale) =>
  d
    ? new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      }).format(d)
    : '';

/** The mails of data-protection requests, in the customer's language. */
function render(
  kind: PrivacyMailKind,
  locale: Locale,
  v: Params & { name: string; platform: string; link: string },
) {
  const de = locale === 'de';
  switch (kind) {
    case 'export_ready':
      return de
        ? {
            subject: `Ihre Datenauskunft bei ${v.platform} ist fertig`,
            text: `Guten Tag ${v.name},\n\nIhre Datenauskunft (Art. 15 und 20 DSGVO) ist fertig. Sie können sie bis ${dateOf(v.expiresAt, locale)} in Ihrem Konto herunterladen:\n${v.link}\n\nAus Sicherheitsgründen enthält diese E-Mail keinen direkten Download.\n\nIhr ${v.platform}-Team`,
          }
        : {
            subject: `Your data export from ${v.platform} is ready`,
            text: `Hello ${v.name},\n\nyour data export (GDPR Art. 15 and 20) is ready. You can download it in your account until ${dateOf(v.expiresAt, locale)}:\n${v.link}\n\nFor your security this e-mail holds no direct download.\n\nYour ${v.platform} team`,
          };
    case 'erasure_requested':
      return de
        ? {
            subject: `Ihr Löschantrag bei ${v.platform}`,
            text: `Guten Tag ${v.name},\n\nwir haben Ihren Antrag auf Löschung Ihrer Daten (Art. 17 DSGVO) erhalten und prüfen ihn. Sie hören von uns, sobald wir entschieden haben.\n\nIhr ${v.platform}-Team`,
          }
        : {
            subject: `Your erasure request at ${v.platform}`,
            text: `Hello ${v.name},\n\nwe have received your request to erase your data (GDPR Art. 17) and are reviewing it. We will let you know once we have decided.\n\nYour ${v.platform} team`,
          };
    case 'erasure_confirmed':
      return de
        ? {
            subject: `Ihre Daten bei ${v.platform} wurden gelöscht`,
            text: `Guten Tag ${v.name},\n\nIhr Konto ist geschlossen und Ihre Daten sind gelöscht, soweit das Gesetz es erlaubt. Was wir aufbewahren müssen (Identifizierung nach dem Geldwäschegesetz, Rechnungen und Buchungsbelege nach HGB und AO, das Kryptowertpapierregister nach eWpG), ist gesperrt und wird nach Ablauf der Fristen gelöscht.\n\nIhr ${v.platform}-Team`,
          }
        : {
            subject: `Your data at ${v.platform} has been erased`,
            text: `Hello ${v.name},\n\nyour account is closed and your data is erased as far as the law allows. What we must keep (identification under the Anti-Money Laundering Act, invoices and booking records under commercial and tax law, the crypto securities register under eWpG) is locked and will be deleted when its period ends.\n\nYour ${v.platform} team`,
          };
    case 'erasure_refused':
      return de
        ? {
            subject: `Ihr Löschantrag bei ${v.platform}`,
            text: `Guten Tag ${v.name},\n\nwir können Ihren Löschantrag derzeit nicht ausführen. Begründung:\n${v.reason ?? ''}\n\nSie können jederzeit einen neuen Antrag stellen.\n\nIhr ${v.platform}-Team`,
          }
        : {
            subject: `Your erasure request at ${v.platform}`,
            text: `Hello ${v.name},\n\nwe cannot carry out your erasure request at present. Reason:\n${v.reason ?? ''}\n\nYou may file a new request at any time.\n\nYour ${v.platform} team`,
          };
  }
}

/** Queues a data-protection mail to the customer in the caller's transaction. */
export async function queuePrivacyMail(
  db: Db,
  ctx: MailContext,
  opts: { customerId: number; kind: PrivacyMailKind; params?: Params },
): Promise<void> {
  const [c] = await db.select().from(customers).where(eq(customers.id, opts.customerId));
  if (!c) return;
  const { subject, text } = render(opts.kind, c.locale, {
    ...opts.params,
    name: greetingName(c),
    platform: ctx.platform,
    link: `${ctx.publicUrl}/account/privacy`,
  });
  await ctx.mail.queue(db, { to: c.email, from: ctx.from, subject, text, template: `privacy_${opts.kind}` });
}
