import type { Locale } from '@token/domain/i18n';
import type { KycState } from '@token/domain/identification';
import { type MailContent, renderLetter } from '../../partners/mail/letter.ts';

/** The mails telling a customer what the identification partner decided, in the customer's language. */
export type IdentificationMailKind =
  | 'identification_approved'
  | 'identification_approved_data_changed'
  | 'identification_approved_in_review'
  | 'identification_in_progress'
  | 'identification_under_review'
  | 'identification_rejected'
  | 'identification_not_completed';

/** The mail for the state an identification reached. */
export function identificationMailKindOf(state: KycState): IdentificationMailKind {
  switch (state) {
    case 'approved':
      return 'identification_approved';
    case 'approved_data_changed':
      return 'identification_approved_data_changed';
    case 'approved_in_review':
      return 'identification_approved_in_review';
    case 'new':
    case 'pending':
      return 'identification_in_progress';
    case 'rejected_in_review':
      return 'identification_under_review';
    case 'rejected':
      return 'identification_rejected';
    case 'init':
      return 'identification_not_completed';
  }
}

export type IdentificationMailParams = {
  name: string;
  platform: string;
  /** The self-disclosure page where onboarding continues. */
  continueUrl: string;
  /** The partner's page, to try again after an attempt ended. */
  restartUrl: string;
  contactUrl: string;
};

type Template = (p: IdentificationMailParams) => MailContent;

const templates: Record<IdentificationMailKind, Record<Locale, Template>> = {
  identification_approved: {
    de: (p) => ({
      subject: 'Ihre Identität wurde bestätigt',
      body: [
        `unser Identifizierungspartner hat Ihre Identität bestätigt. Sie können die Selbstauskunft bei ${p.platform} jetzt abschließen:`,
        p.continueUrl,
      ],
    }),
    en: (p) => ({
      subject: 'Your identity has been confirmed',
      body: [
        `our identification partner has confirmed your identity. You can now complete your self-disclosure at ${p.platform}:`,
        p.continueUrl,
      ],
    }),
  },
  identification_approved_data_changed: {
    de: (p) => ({
      subject: 'Ihre Identität wurde bestätigt',
      body: [
        'unser Identifizierungspartner hat Ihre Identität bestätigt und dabei einzelne Angaben anhand Ihres Ausweisdokuments berichtigt. Bitte prüfen Sie Ihre persönlichen Daten.',
        `Sie können die Selbstauskunft bei ${p.platform} jetzt abschließen:`,
        p.continueUrl,
      ],
    }),
    en: (p) => ({
      subject: 'Your identity has been confirmed',
      body: [
        'our identification partner has confirmed your identity and corrected some details from your identity document. Please check your personal data.',
        `You can now complete your self-disclosure at ${p.platform}:`,
        p.continueUrl,
      ],
    }),
  },
  identification_approved_in_review: {
    de: (p) => ({
      subject: 'Ihre Identität wurde bestätigt',
      body: [
        'unser Identifizierungspartner hat Ihre Identität bestätigt; seine abschließende Prüfung läuft noch (in der Regel 24 bis 48 Stunden). Sie können die Selbstauskunft bereits fortsetzen:',
        p.continueUrl,
      ],
    }),
    en: (p) => ({
      subject: 'Your identity has been confirmed',
      body: [
        'our identification partner has confirmed your identity; its final review is still running (usually 24 to 48 hours). You can already continue your self-disclosure:',
        p.continueUrl,
      ],
    }),
  },
  identification_in_progress: {
    de: (p) => ({
      subject: 'Ihre Identifizierung wird geprüft',
      body: [
        'vielen Dank für Ihre Identifizierung. Unser Partner prüft Ihre Angaben noch; wir melden uns, sobald das Ergebnis vorliegt.',
        `Fragen? Schreiben Sie uns: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'Your identification is being checked',
      body: [
        'thank you for identifying yourself. Our partner is still checking your details; we will write to you once the result is in.',
        `Questions? Contact us: ${p.contactUrl}`,
      ],
    }),
  },
  identification_under_review: {
    de: () => ({
      subject: 'Ihre Identifizierung wird überprüft',
      body: [
        'unser Identifizierungspartner überprüft Ihre Identifizierung noch einmal genauer. Das dauert in der Regel 24 bis 48 Stunden; wir melden uns, sobald das Ergebnis vorliegt.',
      ],
    }),
    en: () => ({
      subject: 'Your identification is under review',
      body: [
        'our identification partner is reviewing your identification in more detail. This usually takes 24 to 48 hours; we will write to you once the result is in.',
      ],
    }),
  },
  identification_rejected: {
    de: (p) => ({
      subject: 'Ihre Identität konnte nicht bestätigt werden',
      body: [
        'unser Identifizierungspartner konnte Ihre Identität leider nicht bestätigen. Bitte wenden Sie sich an uns, damit wir das weitere Vorgehen klären:',
        p.contactUrl,
        `Sie können auch eine neue Identifizierung beginnen: ${p.continueUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'Your identity could not be confirmed',
      body: [
        'unfortunately our identification partner could not confirm your identity. Please contact us so we can agree on the next steps:',
        p.contactUrl,
        `You can also start a new identification: ${p.continueUrl}`,
      ],
    }),
  },
  identification_not_completed: {
    de: (p) => ({
      subject: 'Ihre Identifizierung wurde nicht abgeschlossen',
      body: [
        'Ihre Identifizierung wurde vor dem Ende abgebrochen. Sie können sie über denselben Link jederzeit erneut beginnen:',
        p.restartUrl,
        'Halten Sie bitte Ihren Personalausweis oder Reisepass bereit und sorgen Sie für gutes Licht.',
      ],
    }),
    en: (p) => ({
      subject: 'Your identification was not completed',
      body: [
        'your identification ended before it was finished. You can start it again at any time with the same link:',
        p.restartUrl,
        'Please have your identity card or passport at hand and make sure the light is good.',
      ],
    }),
  },
};

/** Subject and plain text of an identification mail. */
export function renderIdentificationMail(
  kind: IdentificationMailKind,
  locale: Locale,
  params: IdentificationMailParams,
): { subject: string; text: string } {
  return renderLetter(locale, params, templates[kind][locale](params));
}
