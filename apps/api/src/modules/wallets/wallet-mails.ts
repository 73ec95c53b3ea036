import type { Locale } from '@token/domain/i18n';
import { shortenAddress } from '@token/domain/wallets';
import { type MailContent, renderLetter } from '../../partners/mail/letter.ts';

/** The registrar verdicts a customer is told about by mail. */
export type RegistrarMailKind = 'registrar_approved' | 'registrar_follow_up' | 'registrar_rejected';

export type RegistrarMailParams = {
  name: string;
  platform: string;
  address: string;
  /** follow_up: what the registrar needs. */
  message: string | null;
  custodyUrl: string;
  contactUrl: string;
};

type Template = (p: RegistrarMailParams) => MailContent;

const templates: Record<RegistrarMailKind, Record<Locale, Template>> = {
  registrar_approved: {
    de: (p) => ({
      subject: 'Ihr Verwahrungs-Wallet ist freigegeben',
      body: [
        `die Registerführung für Kryptowertpapiere hat Ihr Verwahrungs-Wallet ${shortenAddress(p.address)} bei ${p.platform} freigegeben.`,
        'Sobald Ihre Angaben geprüft sind, können Sie Anleihen zeichnen. Ihr Wallet sehen Sie hier:',
        p.custodyUrl,
      ],
    }),
    en: (p) => ({
      subject: 'Your custody wallet has been approved',
      body: [
        `the registrar of crypto securities has approved your custody wallet ${shortenAddress(p.address)} at ${p.platform}.`,
        'Once your details have been checked you can subscribe to bonds. Your wallet is shown here:',
        p.custodyUrl,
      ],
    }),
  },
  registrar_follow_up: {
    de: (p) => ({
      subject: 'Wir benötigen weitere Angaben zu Ihrem Wallet',
      body: [
        `für die Freigabe Ihres Verwahrungs-Wallets ${shortenAddress(p.address)} benötigt die Registerführung für Kryptowertpapiere weitere Angaben:`,
        p.message ?? registrarFollowUpDefault.de,
        `Bitte melden Sie sich bei uns: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'We need more information about your wallet',
      body: [
        `to approve your custody wallet ${shortenAddress(p.address)}, the registrar of crypto securities needs more information:`,
        p.message ?? registrarFollowUpDefault.en,
        `Please get in touch with us: ${p.contactUrl}`,
      ],
    }),
  },
  registrar_rejected: {
    de: (p) => ({
      subject: 'Ihr Verwahrungs-Wallet wurde nicht freigegeben',
      body: [
        `die Registerführung für Kryptowertpapiere hat Ihr Verwahrungs-Wallet ${shortenAddress(p.address)} nicht freigegeben. Zeichnungen über ${p.platform} sind deshalb nicht möglich, und Ihr Konto ist gesperrt.`,
        `Wenn Sie Fragen dazu haben, wenden Sie sich bitte an uns: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'Your custody wallet was not approved',
      body: [
        `the registrar of crypto securities did not approve your custody wallet ${shortenAddress(p.address)}. Subscriptions through ${p.platform} are therefore not possible, and your account is blocked.`,
        `If you have any questions, please contact us: ${p.contactUrl}`,
      ],
    }),
  },
};

/** What a follow-up says when the registrar gave no message of its own (stored for the customer's banner). */
export const registrarFollowUpDefault = {
  de: 'Die Registerführung für Kryptowertpapiere benötigt weitere Angaben zu Ihrer Person. Bitte nehmen Sie Kontakt mit uns auf.',
  en: 'The registrar of crypto securities needs more information about you. Please get in touch with us.',
} as const satisfies Record<Locale, string>;

/** Subject and plain text of a registrar mail in the customer's language. */
export function renderRegistrarMail(
  kind: RegistrarMailKind,
  locale: Locale,
  params: RegistrarMailParams,
): { subject: string; text: string } {
  return renderLetter(locale, params, templates[kind][locale](params));
}
