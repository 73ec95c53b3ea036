import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { violation } from '../accounts/schemas.ts';
import { isIsoDate, platformToday } from '../calendar/index.ts';
import type { FieldViolation } from '../errors/index.ts';

/*
 * Field schemas of the self-disclosure (spec 3 personal profile, company, UBO person) with the
 * spec 5 rules. Each accepts '' for "not given" where the field is optional; the API stores '' as
 * null. Values are normalised on the way in (IBAN electronic format, BIC and codes upper case,
 * mobile number E.164, wallet address EIP-55), so the stored form is one spelling.
 */

/** `YYYY-MM-DD` of an ISO day as `DD.MM.YYYY` (the `{value}` of min/max date messages, spec 9 German dates). */
function germanDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}.${m}.${y}`;
}

/** spec 5 minimum age for investors: 18 years (of full age, BGB § 2). */
export const minimumAge = 18;
/** The earliest birth date accepted: older entries are typing errors, not investors. */
export const earliestBirthDate = '1900-01-01';
/** The earliest founding date accepted for a company (catches a mistyped century). */
export const earliestFoundingDate = '1500-01-01';

/**
 * Whether a person born on `birthDate` has reached `years` of age on `today` (both `YYYY-MM-DD`).
 * Counted as BGB §§ 187 (2), 188 (2, 3): a year of life is complete at the start of the birthday;
 * someone born on 29 February comes of age on 1 March in a common year.
 */
export function hasReachedAge(birthDate: string, years: number, today: string): boolean {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const ny = y + years;
  if (ty !== ny) return ty > ny;
  return tm !== m ? tm > m : td >= d;
}

/**
 * The first spec 5 date rule a date breaks, or null: a real day, not in the future, not before
 * `min` (`min_date`), and for a birth date of an investor at least `minimumAgeYears` old.
 */
export function dateRuleViolation(
  value: string,
  opts: { today: string; min?: string; minimumAgeYears?: number },
): Omit<FieldViolation, 'propertyPath'> | null {
  if (!isIsoDate(value)) return { code: 'invalid_value' };
  if (value > opts.today) return { code: 'date_in_future' };
  if (opts.min && value < opts.min) return { code: 'min_date', params: { value: germanDate(opts.min) } };
  if (opts.minimumAgeYears !== undefined && !hasReachedAge(value, opts.minimumAgeYears, opts.today)) {
    return { code: 'minimum_age', params: { years: opts.minimumAgeYears } };
  }
  return null;
}

/** A past date field (`YYYY-MM-DD`) checked by `dateRuleViolation` against today in Berlin. */
function pastDateSchema(opts: { min?: string; minimumAgeYears?: number }) {
  return z
    .string()
    .trim()
    .max(10)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const broken = dateRuleViolation(value, { ...opts, today: platformToday() });
      if (broken) {
        ctx.addIssue({
          code: 'custom',
          params: { violation: broken.code, ...broken.params },
          input: value,
        });
      }
    });
}

/** spec 5: an investor's birth date: a real day, not in the future, since 1900, at least 18 years ago. */
export const birthDateSchema = pastDateSchema({ min: earliestBirthDate, minimumAgeYears: minimumAge });

/** The birth date of a beneficial owner or representative: minors may hold shares (heirs), so no minimum age. */
export const personBirthDateSchema = pastDateSchema({ min: earliestBirthDate });

/** A company's founding date: a real day, not in the future. */
export const foundingDateSchema = pastDateSchema({ min: earliestFoundingDate });

/** IBAN in electronic format (no spaces, upper case), or null when `value` is not a valid IBAN. */
export function normalizeIban(value: string): string | null {
  const electronic = electronicFormatIBAN(value);
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/** BIC without spaces in upper case, or null when not a valid BIC (ISO 9362: 8 or 11 characters). */
export function normalizeBic(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(compact) && isValidBIC(compact) ? compact : null;
}

/**
 * spec 5 valid IBAN: country format and ISO 7064 checksum (ibantools); stored in electronic format.
 * A BIC from another country is allowed (many banks clear through a foreign BIC).
 */
export const ibanSchema = z
  .string()
  .trim()
  .max(50)
  .refine((v) => v === '' || normalizeIban(v) !== null, violation('invalid_iban'))
  .transform((v) => (v === '' ? '' : (normalizeIban(v) ?? v)));

/** spec 5 valid BIC/SWIFT (8 or 11 characters, a real country); stored upper case. */
export const bicSchema = z
  .string()
  .trim()
  .max(20)
  .refine((v) => v === '' || normalizeBic(v) !== null, violation('invalid_bic'))
  .transform((v) => (v === '' ? '' : (normalizeBic(v) ?? v)));

/** A country of the reference data as ISO 3166-1 alpha-2 (the API checks the reference table). */
export const countryCodeSchema = z
  .string()
  .trim()
  .max(10)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), violation('invalid_country'));

/** A currency of the reference data as ISO 4217 code (the API checks the reference table). */
export const currencyCodeSchema = z
  .string()
  .trim()
  .max(10)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || /^[A-Z]{3}$/.test(v), violation('invalid_currency'));

/** A mobile number in E.164 (`+4915123456789`), or null when not a valid number in international format. */
export function normalizeMobileNumber(value: string): string | null {
  const v = value.trim();
  if (!v.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(v);
  return parsed?.isValid() ? parsed.number : null;
}

/** spec 5: a valid mobile number in international format; stored E.164. */
export const e164MobileNumberSchema = z
  .string()
  .trim()
  .max(32)
  .refine((v) => v === '' || normalizeMobileNumber(v) !== null, violation('invalid_mobile'))
  .transform((v) => (v === '' ? '' : (normalizeMobileNumber(v) ?? v)));

/** spec 5: a valid wallet address (an Ethereum address); stored EIP-55 checksummed. */
export const walletAddressSchema = z
  .string()
  .trim()
  .max(42)
  .refine((v) => v === '' || isAddress(v), violation('invalid_wallet_address'))
  .transform((v) => (v === '' ? '' : getAddress(v)));

/** A free text field of at most `max` characters ('' = not given). */
export function textSchema(max: number) {
  return z.string().trim().max(max);
}

/** Whether a number has at most two digits after the separator (spec 5). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const scaled = value * 100;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * A share in percent (capital or voting rights): 0 to 100 with at most two decimals (spec 5
 * "at most two digits after the separator"); stored as hundredths of a percent.
 */
export const percentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine(hasAtMostTwoDecimals, violation('max_two_decimals'));

/** Percent -> hundredths of a percent (25.5 -> 2550), exactly. */
export function percentToHundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** Hundredths of a percent -> percent (2550 -> 25.5). */
export function hundredthsToPercent(hundredths: number): number {
  return hundredths / 100;
}
