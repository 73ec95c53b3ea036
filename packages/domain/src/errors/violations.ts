import type { Locale } from '../i18n/index.ts';
import type { Sentence } from './catalogue.ts';

/**
 * Field violations (spec 5 messages) by violation code. `{value}` is filled from the rule that
 * failed (the minimum length, the maximum value).
 */
export const violationCatalogue = {
  required: { de: 'Dieses Feld ist erforderlich', en: 'This field is required' },
  must_be_selected: { de: 'Bitte wählen Sie eine Option aus', en: 'An option must be selected' },
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
  invalid_bic: { de: 'Bitte geben Sie eine gültige BIC ein', en: 'Please enter a valid BIC' },
  invalid_value: { de: 'Dieser Wert ist ungültig', en: 'This value is not valid' },
  media_file_unusable: {
    de: 'Diese Datei ist nicht verfügbar oder noch nicht fertig hochgeladen',
    en: 'This file is not available or has not finished uploading',
  },
  unknown_parameter: { de: 'Unbekannter Parameter', en: 'Unknown parameter' },
  invalid_characters: {
    de: 'Der Text enthält unzulässige Steuerzeichen',
    en: 'The text contains control characters that are not allowed',
  },

  // accounts (spec 5: password, consent, mobile number; spec 8 sign-up messages)
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
  // Create content (spec 5): the creator's confirmation beside the terms.
  no_copyright_infringement_required: {
    de: 'Bitte bestätigen Sie, dass Ihr Werk keine Urheberrechte Dritter verletzt',
    en: 'Please confirm that your work does not infringe anyone’s copyright',
  },
  invalid_https_url: {
    de: 'Bitte geben Sie eine Adresse ein, die mit https:// beginnt',
    en: 'Please enter an address starting with https://',
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
  email_unchanged: { de: 'Das ist bereits Ihre E-Mail-Adresse', en: 'This is already your e-mail address' },
  profile_name_taken: { de: 'Dieser Profilname ist vergeben', en: 'This profile name is taken' },
  already_signed_up: { de: 'Sie sind bereits registriert', en: 'Already Signed up' },
  company_name_exists: {
    de: 'Dieser Firmenname ist bereits vergeben',
    en: 'The company name already exists',
  },
  referral_code_invalid: { de: 'Dieser Empfehlungscode ist ungültig', en: 'This referral code is not valid' },
  // Onboarding (issue 7), spec 5
  invalid_iban: { de: 'Bitte geben Sie eine gültige IBAN ein', en: 'Please enter a valid IBAN' },
  // Token register (issue 16): POST token/transfer `beneficiary`.
  invalid_beneficiary: {
    de: 'Bitte geben Sie die E-Mail-Adresse oder die Wallet-Adresse des Empfängers ein',
    en: 'Please enter the beneficiary’s e-mail address or wallet address',
  },
  invalid_wallet_address: {
    de: 'Bitte geben Sie eine gültige Wallet-Adresse ein',
    en: 'Please enter a valid wallet address',
  },
  invalid_address: { de: 'Bitte geben Sie eine gültige Adresse ein', en: 'Please enter a valid address' },
  max_two_decimals: {
    de: 'Höchstens zwei Nachkommastellen sind erlaubt',
    en: 'At most two digits after the separator',
  },
  minimum_age: { de: 'Sie müssen mindestens {years} Jahre alt sein', en: 'Minimum age {years}' },
  date_in_future: {
    de: 'Das Datum darf nicht in der Zukunft liegen',
    en: 'The date must not be in the future',
  },
  min_date: { de: 'Das Datum darf nicht vor dem {value} liegen', en: 'The date must not be before {value}' },
  max_date: { de: 'Das Datum darf nicht nach dem {value} liegen', en: 'The date must not be after {value}' },
  document_too_old: {
    de: 'Das Dokument darf nicht älter als 3 Monate sein',
    en: 'The document must not be older than 3 months',
  },
  at_least_one_consent: { de: 'Bitte bestätigen Sie mindestens eine Aussage', en: 'At least one consent' },
  select_at_least: {
    de: 'Bitte wählen Sie mindestens {count} Optionen aus',
    en: 'Select at least {count} options',
  },
  must_equal: { de: 'Der Wert muss {value} lauten', en: 'Must equal {value}' },
  numbers_only: { de: 'Nur Ziffern sind erlaubt', en: 'Numbers only' },
  at_least_one_other_person: {
    de: 'Mindestens eine Person in der Liste muss eine andere Person als Sie sein',
    en: 'At least one person in the list must be someone other than you',
  },
  representative_required: {
    de: 'Mindestens ein Vertreter ist erforderlich',
    en: 'At least one representative is required',
  },
  beneficial_owner_required: {
    de: 'Mindestens ein wirtschaftlich Berechtigter ist erforderlich',
    en: 'At least one beneficial owner is required',
  },
  beneficial_owner_conflict: {
    de: 'Eine Person kann nicht zugleich wirtschaftlich Berechtigter und fiktiver wirtschaftlich Berechtigter sein',
    en: 'A person cannot be both beneficial owner and fictitious beneficial owner',
  },
  below_ubo_threshold: {
    de: 'Wirtschaftlich Berechtigter ist, wer mehr als {value} % der Kapitalanteile oder Stimmrechte hält',
    en: 'A beneficial owner holds more than {value} % of the capital or voting rights',
  },
  questionnaire_incomplete: {
    de: 'Der Fragebogen muss vollständig sein',
    en: 'Questionnaire must be complete',
  },
  document_limit_reached: {
    de: 'Höchstens drei Dokumente je Zweck',
    en: 'At most three documents per purpose',
  },
  // Onboarding (issue 7): personal and company data
  invalid_currency: {
    de: 'Bitte wählen Sie eine Währung aus der Liste',
    en: 'Please choose a currency from the list',
  },
  invalid_vat_number: {
    de: 'Bitte geben Sie eine gültige USt-IdNr. ein (z. B. DE123456789)',
    en: 'Please enter a valid VAT identification number (e.g. DE123456789)',
  },
  invalid_registry_number: {
    de: 'Bitte geben Sie die Registernummer an, wie sie im Register steht (z. B. HRB 12345)',
    en: 'Please enter the register number as the register shows it (e.g. HRB 12345)',
  },
  letters_digits_dash_slash: {
    de: 'Nur Buchstaben, Ziffern, „-“ und „/“ sind erlaubt',
    en: "Only letters, digits, '-' and '/' are allowed",
  },
  // Professional-investor request (WpHG § 67 (6))
  professional_criteria_minimum: {
    de: 'Bitte geben Sie mindestens zwei der drei Kriterien an',
    en: 'Please state at least two of the three criteria',
  },
  confirmation_required: {
    de: 'Bitte bestätigen Sie, dass Sie den Hinweis zur Kenntnis genommen haben',
    en: 'Please confirm that you have taken note of the notice',
  },
  // Orders (issue 8), spec 5 investment rules
  tax_statement_required: {
    de: 'Bitte bestätigen Sie, dass Sie nicht in den USA oder Kanada steuerpflichtig sind',
    en: 'Please confirm that you are not a US or Canadian taxpayer',
  },
  risk_statement_required: {
    de: 'Bitte bestätigen Sie mindestens einen der beiden Risikohinweise',
    en: 'Please confirm at least one of the two risk statements',
  },
  truthful_statements_required: {
    de: 'Bitte bestätigen Sie mindestens zwei der Erklärungen wahrheitsgemäß',
    en: 'Please answer at least two of the statements truthfully',
  },
  // Bond servicing (issue 17): the bond terms
  invalid_isin: {
    de: 'Bitte geben Sie eine gültige ISIN ein (12 Zeichen mit Prüfziffer, z. B. DE0001102580)',
    en: 'Please enter a valid ISIN (12 characters with check digit, e.g. DE0001102580)',
  },
  maturity_before_issue: {
    de: 'Die Fälligkeit muss nach dem Ausgabetag liegen',
    en: 'The maturity date must be after the issue date',
  },
  coupon_rate_out_of_range: {
    de: 'Der Zinssatz muss größer als 0 % und höchstens 20 % sein',
    en: 'The coupon rate must be above 0 % and at most 20 %',
  },
  first_coupon_date_out_of_place: {
    de: 'Der erste Zinstermin muss nach dem Ausgabetag, höchstens zwei Zinsperioden danach und im Zinsrhythmus bis zur Fälligkeit liegen',
    en: 'The first coupon date must be after the issue date, less than two coupon periods after it, and on the coupon cycle that ends at maturity',
  },
  inconsistent_volume: {
    de: 'Das Emissionsvolumen muss Nennbetrag je Token mal Anzahl der Token sein',
    en: 'The issue volume must equal the nominal per token times the number of tokens',
  },
  // Bond administration (issue 17): what publishing a bond needs
  publication_terms_missing: {
    de: 'Die Anleihebedingungen sind noch nicht gespeichert',
    en: 'The bond terms have not been saved yet',
  },
  publication_name_missing: {
    de: 'Der Name fehlt in dieser Sprache',
    en: 'The name is missing in this language',
  },
  publication_price_missing: {
    de: 'Der Preis je Token muss größer als 0 sein',
    en: 'The price per token must be above 0',
  },
  // Creators' collections (issue 18, decision 023)
  minting_end_before_start: {
    de: 'Das Ende der Prägung muss nach ihrem Beginn liegen',
    en: 'The end of minting must be after its start',
  },
  collection_items_required: {
    de: 'Die Kollektion braucht mindestens ein Werk',
    en: 'The collection needs at least one item',
  },
  collection_unusable: {
    de: 'Diese Kollektion ist nicht verfügbar',
    en: 'This collection is not available',
  },
  publication_information_sheet_missing: {
    de: 'Ein aktuelles Basisinformationsblatt (WIB/VIB) fehlt',
    en: 'A current key information sheet is missing',
  },
} as const satisfies Record<string, Sentence>;

export type ViolationCode = keyof typeof violationCatalogue;

export function isViolationCode(code: string): code is ViolationCode {
  return Object.hasOwn(violationCatalogue, code);
}

/** Values for the `{name}` placeholders of a violation sentence. */
export type ViolationParams = Record<string, string | number>;

/** A violation as a service or a rule reports it: which field, which rule, no language yet. */
export type FieldViolation = { propertyPath: string; code: ViolationCode; params?: ViolationParams };

/** A violation as it crosses the wire in a 422 problem: with the sentence in the reader's language. */
export type Violation = { propertyPath: string; code: string; message: string };

/** The violation sentence in the reader's language, placeholders filled. */
export function violationMessage(code: ViolationCode, locale: Locale, params: ViolationParams = {}): string {
  return violationCatalogue[code][locale].replace(/\{(\w+)\}/g, (_, k: string) =>
    String(params[k] ?? `{${k}}`),
  );
}

/** Gives each violation its sentence in the reader's language. */
export function localizeViolations(violations: readonly FieldViolation[], locale: Locale): Violation[] {
  return violations.map((v) => ({
    propertyPath: v.propertyPath,
    code: v.code,
    message: violationMessage(v.code, locale, v.params),
  }));
}

/**
 * The parts of a zod issue the mapping reads. Both zod's own issues (the web's resolver) and
 * fastify-type-provider-zod's validation errors (the API) have this shape.
 */
export type ZodIssueLike = {
  code: string;
  path?: readonly PropertyKey[];
  origin?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  keys?: unknown;
  /** A custom issue's parameters; `violation` names its violation code. */
  params?: unknown;
  /** The checked value; zod passes it to error maps (and keeps it with `reportInput: true`). */
  input?: unknown;
};

/** spec 5: nothing entered: missing, null, or only white space. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * THE zod-issue -> violation-code mapping, used by the API's error handler and the web's forms.
 * A blank or missing value is `required` whatever rule it broke (spec 5), or `must_be_selected` where
 * the rule is a choice (an enum or literal left empty, e.g. a select on its placeholder); a value of
 * the wrong kind is `invalid_type`; length and size rules give too_short/too_long (text) or too_small/too_big
 * (numbers, lists); a malformed e-mail address `invalid_email`; anything else `invalid_value`.
 * `value` is the submitted value at the issue's path (defaults to the issue's own `input`).
 */
export function violationCodeOf(issue: ZodIssueLike, value: unknown = issue.input): ViolationCode {
  // spec 5 'must be selected': zod reports a choice (enum, literal) as invalid_value
  if (isBlank(value)) return issue.code === 'invalid_value' ? 'must_be_selected' : 'required';
  switch (issue.code) {
    case 'custom': {
      // A domain rule names its violation (`violation('weak_password')` in @token/domain/accounts).
      const named = (issue.params as { violation?: unknown } | undefined)?.violation;
      return typeof named === 'string' && isViolationCode(named) ? named : 'invalid_value';
    }
    case 'invalid_type':
      return 'invalid_type';
    case 'too_small':
      return issue.origin === 'string' ? 'too_short' : 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'invalid_value';
    default:
      return 'invalid_value';
  }
}

/**
 * The `{value}` of a length or size rule (its minimum or maximum), and the other placeholders a
 * domain rule names beside its violation (`{ violation: 'minimum_age', years: 18 }`), else nothing.
 */
export function violationParamsOf(issue: ZodIssueLike): ViolationParams {
  const out: ViolationParams = {};
  const limit = issue.minimum ?? issue.maximum;
  if (typeof limit === 'number' || typeof limit === 'bigint') out.value = String(limit);
  if (issue.code === 'custom' && issue.params !== null && typeof issue.params === 'object') {
    for (const [k, v] of Object.entries(issue.params)) {
      if (k !== 'violation' && (typeof v === 'string' || typeof v === 'number')) out[k] = v;
    }
  }
  return out;
}

/** The value at a path inside the submitted input (zod's issues from the API carry no input). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * Violations for a list of zod issues: an unknown key becomes one `unknown_parameter` per key;
 * every other issue one violation named by `violationCodeOf`, judged on the issue's own `input`
 * when zod reported it, else on the value at its path in the submitted `input`.
 */
export function fieldViolationsOf(issues: readonly ZodIssueLike[], input?: unknown): FieldViolation[] {
  const out: FieldViolation[] = [];
  for (const issue of issues) {
    const path = issue.path ?? [];
    if (issue.code === 'unrecognized_keys') {
      const keys = Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
      for (const key of keys) {
        out.push({ propertyPath: [...path, key].join('.'), code: 'unknown_parameter' });
      }
      continue;
    }
    const value = 'input' in issue ? issue.input : valueAt(input, path);
    const params = violationParamsOf(issue);
    out.push({
      propertyPath: path.map(String).join('.'),
      code: violationCodeOf(issue, value),
      ...(Object.keys(params).length ? { params } : {}),
    });
  }
  return out;
}
