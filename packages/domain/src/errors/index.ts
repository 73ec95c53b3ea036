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
  uri_too_long: { de: 'Die Adresse der Anfrage ist zu lang.', en: 'The request address is too long.' },
  headers_too_large: {
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
    en: 'The request headers are too large.',
  },
  request_timeout: {
    de: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
    en: 'The request did not arrive completely in time.',
  },
  not_implemented: {
    de: 'Diese Methode unterstützt der Server nicht.',
    en: 'The server does not support this method.',
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
  invalid_characters: {
    de: 'Der Text enthält unzulässige Steuerzeichen',
    en: 'The text contains control characters that are not allowed',
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
