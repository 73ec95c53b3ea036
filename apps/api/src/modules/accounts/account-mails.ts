import type { Locale } from '@token/domain/i18n';
import { type MailContent, renderLetter } from '../../partners/mail/letter.ts';

/** The mails of the account flows, in the customer's language. */
export type AccountMailKind =
  | 'verify_email'
  | 'reset_password'
  | 'password_changed'
  | 'email_change_confirm'
  | 'email_change_notice'
  | 'email_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'new_sign_in';

export type AccountMailParams = {
  name: string;
  platform: string;
  /** The link to act on (verify, reset, confirm). */
  link?: string;
  newEmail?: string;
  device?: string;
  ip?: string | null;
  at?: Date;
  contactUrl: string;
};

type Template = (p: AccountMailParams, fmt: (d: Date) => string) => MailContent;

const templates: Record<AccountMailKind, Record<Locale, Template>> = {
  verify_email: {
    de: (p) => ({
      subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse bei ${p.platform}`,
      body: [
        `vielen Dank für Ihre Registrierung bei ${p.platform}.`,
        'Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren:',
        p.link!,
        'Der Link ist 24 Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
      ],
    }),
    en: (p) => ({
      subject: `Please confirm your e-mail address at ${p.platform}`,
      body: [
        `thank you for signing up at ${p.platform}.`,
        'Please confirm your e-mail address to activate your account:',
        p.link!,
        'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.',
      ],
    }),
  },
  reset_password: {
    de: (p) => ({
      subject: `Passwort zurücksetzen bei ${p.platform}`,
      body: [
        'Sie haben angefordert, Ihr Passwort zurückzusetzen. Über diesen Link vergeben Sie ein neues:',
        p.link!,
        'Der Link ist eine Stunde gültig und kann einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      ],
    }),
    en: (p) => ({
      subject: `Reset your password at ${p.platform}`,
      body: [
        'You asked to reset your password. Use this link to choose a new one:',
        p.link!,
        'The link is valid for one hour and works once. If you did not ask for this, ignore this e-mail; your password stays unchanged.',
      ],
    }),
  },
  password_changed: {
    de: (p, fmt) => ({
      subject: 'Ihr Passwort wurde geändert',
      body: [
        `das Passwort Ihres Kontos bei ${p.platform} wurde am ${fmt(p.at!)} geändert. Alle anderen Sitzungen wurden abgemeldet.`,
        `Waren Sie das nicht? Setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns: ${p.contactUrl}`,
      ],
    }),
    en: (p, fmt) => ({
      subject: 'Your password was changed',
      body: [
        `the password of your ${p.platform} account was changed on ${fmt(p.at!)}. All other sessions were signed out.`,
        `Was this not you? Reset your password right away and contact us: ${p.contactUrl}`,
      ],
    }),
  },
  email_change_confirm: {
    de: (p) => ({
      subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
      body: [
        `Sie möchten die E-Mail-Adresse Ihres Kontos bei ${p.platform} in ${p.newEmail} ändern. Bitte bestätigen Sie die neue Adresse:`,
        p.link!,
        'Erst nach der Bestätigung gilt die neue Adresse. Der Link ist 24 Stunden gültig.',
      ],
    }),
    en: (p) => ({
      subject: 'Please confirm your new e-mail address',
      body: [
        `You want to change the e-mail address of your ${p.platform} account to ${p.newEmail}. Please confirm the new address:`,
        p.link!,
        'The new address applies only once confirmed. The link is valid for 24 hours.',
      ],
    }),
  },
  email_change_notice: {
    de: (p) => ({
      subject: 'Änderung Ihrer E-Mail-Adresse angefordert',
      body: [
        `für Ihr Konto bei ${p.platform} wurde die Änderung der E-Mail-Adresse in ${p.newEmail} angefordert. Sie wird erst wirksam, wenn die neue Adresse bestätigt ist.`,
        `Waren Sie das nicht? Ändern Sie Ihr Passwort und kontaktieren Sie uns: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'Change of your e-mail address requested',
      body: [
        `a change of the e-mail address of your ${p.platform} account to ${p.newEmail} was requested. It takes effect only once the new address is confirmed.`,
        `Was this not you? Change your password and contact us: ${p.contactUrl}`,
      ],
    }),
  },
  email_changed: {
    de: (p) => ({
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      body: [
        `die E-Mail-Adresse Ihres Kontos bei ${p.platform} ist jetzt ${p.newEmail}. An diese Adresse senden wir keine Nachrichten mehr.`,
        `Waren Sie das nicht? Kontaktieren Sie uns umgehend: ${p.contactUrl}`,
      ],
    }),
    en: (p) => ({
      subject: 'Your e-mail address was changed',
      body: [
        `the e-mail address of your ${p.platform} account is now ${p.newEmail}. We will no longer write to this address.`,
        `Was this not you? Contact us right away: ${p.contactUrl}`,
      ],
    }),
  },
  two_factor_enabled: {
    de: (p, fmt) => ({
      subject: 'Zwei-Faktor-Authentifizierung aktiviert',
      body: [
        `für Ihr Konto bei ${p.platform} ist seit ${fmt(p.at!)} die Zwei-Faktor-Authentifizierung aktiv. Bewahren Sie Ihre Wiederherstellungscodes sicher auf.`,
        `Waren Sie das nicht? Kontaktieren Sie uns umgehend: ${p.contactUrl}`,
      ],
    }),
    en: (p, fmt) => ({
      subject: 'Two-factor authentication enabled',
      body: [
        `two-factor authentication has been active on your ${p.platform} account since ${fmt(p.at!)}. Keep your recovery codes in a safe place.`,
        `Was this not you? Contact us right away: ${p.contactUrl}`,
      ],
    }),
  },
  two_factor_disabled: {
    de: (p, fmt) => ({
      subject: 'Zwei-Faktor-Authentifizierung deaktiviert',
      body: [
        `für Ihr Konto bei ${p.platform} wurde am ${fmt(p.at!)} die Zwei-Faktor-Authentifizierung ausgeschaltet. Token-Übertragungen sind erst wieder möglich, wenn Sie sie einschalten.`,
        `Waren Sie das nicht? Ändern Sie Ihr Passwort und kontaktieren Sie uns: ${p.contactUrl}`,
      ],
    }),
    en: (p, fmt) => ({
      subject: 'Two-factor authentication disabled',
      body: [
        `two-factor authentication was turned off for your ${p.platform} account on ${fmt(p.at!)}. Token transfers need it turned on again.`,
        `Was this not you? Change your password and contact us: ${p.contactUrl}`,
      ],
    }),
  },
  new_sign_in: {
    de: (p, fmt) => ({
      subject: `Neue Anmeldung bei ${p.platform}`,
      body: [
        `am ${fmt(p.at!)} hat sich jemand von einem neuen Gerät bei Ihrem Konto angemeldet: ${p.device}${p.ip ? ` (IP ${p.ip})` : ''}.`,
        'Waren Sie das, ist nichts zu tun. Sonst ändern Sie sofort Ihr Passwort und melden Sie unter „Mein Konto“ alle anderen Sitzungen ab.',
      ],
    }),
    en: (p, fmt) => ({
      subject: `New sign-in at ${p.platform}`,
      body: [
        `on ${fmt(p.at!)} someone signed in to your account from a new device: ${p.device}${p.ip ? ` (IP ${p.ip})` : ''}.`,
        'If this was you, there is nothing to do. Otherwise change your password right away and sign out all other sessions under "My account".',
      ],
    }),
  },
};

/** Subject and plain text of an account mail in the customer's language. */
export function renderAccountMail(
  kind: AccountMailKind,
  locale: Locale,
  params: AccountMailParams,
): { subject: string; text: string } {
  const fmt = (d: Date) =>
    new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    }).format(d);
  return renderLetter(locale, params, templates[kind][locale](params, fmt));
}
