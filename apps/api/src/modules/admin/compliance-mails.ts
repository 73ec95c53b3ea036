import type { Locale } from '@token/domain/i18n';
import type { Db } from '../../db/client.ts';
import type { MailContext } from '../../mail/mail-context.ts';
import { type MailContent, renderLetter } from '../../partners/mail/letter.ts';

/**
 * The mails a compliance decision sends the customer, in the customer's language. A ban sends none:
 * the reason may be a suspicion the customer must not be told of (GwG § 47 "tipping-off").
 */
export type ComplianceMailKind =
  | 'account_approved'
  | 'follow_up_requested'
  | 'professional_approved'
  | 'professional_refused';

type Params = { name: string; platform: string; message?: string; loginUrl: string; contactUrl: string };
type Template = (p: Params) => MailContent;

const templates: Record<ComplianceMailKind, Record<Locale, Template>> = {
  account_approved: {
    de: (p) => ({
      subject: `Ihr Konto bei ${p.platform} ist freigegeben`,
      body: [
        `wir haben Ihre Angaben geprüft und Ihr Konto bei ${p.platform} freigegeben.`,
        `Melden Sie sich an, um Anleihen zu zeichnen: ${p.loginUrl}`,
        `Fragen beantworten wir gern: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: `Your ${p.platform} account has been approved`,
      body: [
        `we have reviewed your details and approved your ${p.platform} account.`,
        `Log in to subscribe to bonds: ${p.loginUrl}`,
        `We are happy to answer your questions: ${p.contactUrl}`,
      ],
    }),
  },
  follow_up_requested: {
    de: (p) => ({
      subject: `Wir benötigen weitere Angaben von Ihnen – ${p.platform}`,
      body: [
        'bei der Prüfung Ihres Kontos benötigen wir noch weitere Informationen von Ihnen:',
        p.message!,
        `Bitte melden Sie sich an und antworten Sie uns über das Kontaktformular: ${p.contactUrl}`,
        `Anmeldung: ${p.loginUrl}`,
        'Bis wir Ihre Angaben geprüft haben, können Sie keine Anleihen zeichnen.',
      ],
    }),
    en: (p) => ({
      subject: `We need more information from you – ${p.platform}`,
      body: [
        'while reviewing your account we found that we need more information from you:',
        p.message!,
        `Please log in and answer us through the contact form: ${p.contactUrl}`,
        `Log in: ${p.loginUrl}`,
        'Until we have reviewed your answer, you cannot subscribe to bonds.',
      ],
    }),
  },
  professional_approved: {
    de: (p) => ({
      subject: 'Sie sind jetzt als professioneller Kunde eingestuft',
      body: [
        `wir haben Ihren Antrag geprüft: Ab sofort sind Sie bei ${p.platform} als professioneller Kunde nach § 67 Abs. 6 WpHG eingestuft.`,
        'Damit entfallen für Sie Teile des Anlegerschutzes für Privatkunden, etwa die Angemessenheitsprüfung und die Anlagegrenzen für nicht-qualifizierte Anleger. Sie können jederzeit verlangen, wieder als Privatkunde behandelt zu werden.',
        `Fragen beantworten wir gern: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'You are now classified as a professional client',
      body: [
        `we have reviewed your request: you are now classified as a professional client under section 67 (6) WpHG at ${p.platform}.`,
        'Parts of the protection for retail clients no longer apply to you, such as the appropriateness test and the investment limits for non-qualified investors. You may ask to be treated as a retail client again at any time.',
        `We are happy to answer your questions: ${p.contactUrl}`,
      ],
    }),
  },
  professional_refused: {
    de: (p) => ({
      subject: 'Ihr Antrag auf Einstufung als professioneller Kunde',
      body: [
        `wir haben Ihren Antrag geprüft und können Sie derzeit nicht als professionellen Kunden einstufen. Sie bleiben bei ${p.platform} Privatkunde mit dem vollen Anlegerschutz.`,
        `Wenn Sie Fragen haben oder weitere Nachweise einreichen möchten, schreiben Sie uns: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'Your request to be classified as a professional client',
      body: [
        `we have reviewed your request and cannot classify you as a professional client at this time. You remain a retail client at ${p.platform} with full investor protection.`,
        `If you have questions or would like to send further evidence, write to us: ${p.contactUrl}`,
      ],
    }),
  },
};

/** Subject and plain text of a compliance mail in the customer's language. */
export function renderComplianceMail(
  kind: ComplianceMailKind,
  locale: Locale,
  params: Params,
): { subject: string; text: string } {
  return renderLetter(locale, params, templates[kind][locale](params));
}

/** Queues a compliance mail in the caller's transaction: it exists exactly when the decision commits. */
export async function queueComplianceMail(
  db: Db,
  ctx: MailContext,
  opts: { to: string; locale: Locale; kind: ComplianceMailKind; name: string; message?: string },
): Promise<number> {
  const { subject, text } = renderComplianceMail(opts.kind, opts.locale, {
    name: opts.name,
    platform: ctx.platform,
    loginUrl: `${ctx.publicUrl}/login`,
    contactUrl: `${ctx.publicUrl}/contact`,
    ...(opts.message === undefined ? {} : { message: opts.message }),
  });
  return ctx.mail.queue(db, { to: opts.to, from: ctx.from, subject, text, template: opts.kind });
}
