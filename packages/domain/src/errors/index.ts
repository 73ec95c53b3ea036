import type { Locale } from '../i18n/index.ts';

/**
 * Machine codes that cross the wire in problem+json; each side picks its sentence by code.
 * The web app keeps the same keys in its locale files (spec 8 error catalogue).
 */
export const errorMessages = {
  not_found: {
    de: 'Die angeforderte Ressource wurde nicht gefunden.',
    en: 'The requested resource was not found.',
  },
  route_not_found: { de: 'Diese API-Adresse gibt es nicht.', en: 'This API path does not exist.' },
  method_not_allowed: { de: 'Diese Methode ist hier nicht erlaubt.', en: 'This method is not allowed here.' },
  bad_request: { de: 'Die Anfrage ist fehlerhaft.', en: 'The request is malformed.' },
  invalid_query: {
    de: 'Die Abfrageparameter sind ungültig.',
    en: 'The query parameters are invalid.',
  },
  invalid_body: { de: 'Die übermittelten Daten sind ungültig.', en: 'The submitted data is invalid.' },
  validation_failed: {
    de: 'Bitte prüfen Sie Ihre Eingaben.',
    en: 'Please check your input.',
  },
  payload_too_large: { de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  unsupported_media_type: {
    de: 'Dieses Datenformat wird nicht unterstützt.',
    en: 'This content type is not supported.',
  },
  not_acceptable: {
    de: 'Das gewünschte Antwortformat wird nicht unterstützt.',
    en: 'The requested response format is not supported.',
  },
  too_many_requests: {
    de: 'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
    en: 'Too many requests. Please try again shortly.',
  },
  service_unavailable: {
    de: 'Der Dienst ist vorübergehend nicht erreichbar.',
    en: 'The service is temporarily unavailable.',
  },
  internal_error: { de: 'Es ist ein unerwarteter Fehler aufgetreten.', en: 'There was an unexpected error' },
  unauthorized: {
    de: 'Bitte melden Sie sich an.',
    en: 'Please log in.',
  },
  bad_credentials: {
    de: 'Entweder sind Ihre Zugangsdaten falsch oder Ihr Konto muss noch aktiviert werden (Anleitung in Ihrem E-Mail-Postfach).',
    en: 'Either your credentials are wrong, or your account needs to be activated (Check your Email inbox for instructions).',
  },
  two_factor_required: {
    de: 'Bitte geben Sie Ihren Code für die Zwei-Faktor-Authentifizierung ein',
    en: 'You have to enter your Two-Factor Authentication code',
  },
  two_factor_invalid: {
    de: 'Falscher Code für die Zwei-Faktor-Authentifizierung',
    en: 'Incorrect Two-Factor Authentication code',
  },
  two_factor_already_enabled: {
    de: 'Die Zwei-Faktor-Authentifizierung ist bereits aktiv.',
    en: 'Two-factor authentication is already enabled.',
  },
  two_factor_not_started: {
    de: 'Bitte lassen Sie sich zuerst einen neuen QR-Code anzeigen.',
    en: 'Please show a new QR code first.',
  },
  two_factor_not_enabled: {
    de: 'Die Zwei-Faktor-Authentifizierung ist nicht aktiv.',
    en: 'Two-factor authentication is not enabled.',
  },
  refresh_token_invalid: {
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    en: 'Your session has expired. Please log in again.',
  },
  token_invalid: {
    de: 'Dieser Link ist ungültig oder abgelaufen.',
    en: 'This link is invalid or has expired.',
  },
  already_verified: {
    de: 'Ihre E-Mail-Adresse wurde bereits bestätigt. Bitte melden Sie sich an.',
    en: 'Your email address was already verified',
  },
  already_signed_up: { de: 'Sie sind bereits registriert', en: 'Already Signed up' },
  company_name_exists: {
    de: 'Der Firmenname ist bereits vergeben',
    en: 'The company name already exists',
  },
  referral_code_invalid: {
    de: 'Dieser Empfehlungscode ist ungültig.',
    en: 'This referral code is not valid.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof errorMessages;

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return errorMessages[code][locale];
}

/** Messages for field violations (spec 5), keyed by violation code. */
export const violationMessages = {
  required: { de: 'Dieses Feld ist erforderlich', en: 'This field is required' },
  invalid_type: { de: 'Der Wert hat das falsche Format', en: 'The value has the wrong format' },
  too_small: {
    de: 'Dieser Wert darf nicht kleiner als {value} sein',
    en: 'This value can not be smaller than {value}',
  },
  too_big: {
    de: 'Dieser Wert darf nicht größer als {value} sein',
    en: 'This value can not be greater than {value}',
  },
  too_short: {
    de: 'Der Text muss mindestens {value} Zeichen lang sein',
    en: 'Text must be at least {value} characters long',
  },
  too_long: { de: 'Der Text ist zu lang', en: 'Text is too long' },
  invalid_email: {
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    en: 'Please enter a valid e-mail address',
  },
  invalid_value: { de: 'Dieser Wert ist ungültig', en: 'This value is not valid' },
  unknown_parameter: { de: 'Unbekannter Parameter', en: 'Unknown parameter' },
  weak_password: {
    de: 'Das Passwort braucht mindestens 8 Zeichen mit Klein- und Großbuchstaben, einer Ziffer und einem Sonderzeichen',
    en: 'The password needs at least 8 characters with a lower case and an upper case letter, a digit and a special character',
  },
  password_mismatch: { de: 'Die Passwörter stimmen nicht überein', en: 'The passwords do not match' },
  common_password: {
    de: 'Dieses Passwort ist zu verbreitet und steht auf Listen gestohlener Passwörter',
    en: 'This password is too common and appears on lists of breached passwords',
  },
  terms_required: {
    de: 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen',
    en: 'Please accept the terms and conditions',
  },
  invalid_mobile: {
    de: 'Bitte geben Sie eine gültige Mobilnummer im internationalen Format ein (+49 …)',
    en: 'Please enter a valid mobile number in international format (+49 …)',
  },
  invalid_country: {
    de: 'Bitte wählen Sie ein Land aus der Liste',
    en: 'Please choose a country from the list',
  },
  current_password_invalid: {
    de: 'Das aktuelle Passwort ist falsch',
    en: 'The current password is incorrect',
  },
  email_already_used: {
    de: 'Diese E-Mail-Adresse wird bereits verwendet',
    en: 'This e-mail address is already used',
  },
  email_unchanged: {
    de: 'Das ist bereits Ihre E-Mail-Adresse',
    en: 'This is already your e-mail address',
  },
  profile_name_taken: { de: 'Dieser Profilname ist vergeben', en: 'This profile name is taken' },
  already_signed_up: { de: 'Sie sind bereits registriert', en: 'Already Signed up' },
  company_name_exists: {
    de: 'Der Firmenname ist bereits vergeben',
    en: 'The company name already exists',
  },
  referral_code_invalid: {
    de: 'Dieser Empfehlungscode ist ungültig.',
    en: 'This referral code is not valid.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ViolationCode = keyof typeof violationMessages;

export function violationMessage(
  code: ViolationCode,
  locale: Locale,
  params: Record<string, string | number> = {},
) {
  return violationMessages[code][locale].replace(/\{(\w+)\}/g, (_, k: string) =>
    String(params[k] ?? `{${k}}`),
  );
}
