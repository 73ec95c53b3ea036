import { z } from 'zod';
import { companyTypes } from '../accounts/kinds.ts';
import { companyNameSchema, violation } from '../accounts/schemas.ts';
import type { FieldViolation } from '../errors/index.ts';
import {
  bicSchema,
  countryCodeSchema,
  currencyCodeSchema,
  foundingDateSchema,
  ibanSchema,
  textSchema,
} from './fields.ts';

/**
 * The format of each EU VAT identification number (VIES), by its prefix: the member state's code
 * (Greece `EL`, Northern Ireland `XI`) and the digits or characters that follow.
 */
export const vatNumberFormats: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** A VAT number without spaces, dots and dashes, in upper case, or null when it has no EU format. */
export function normalizeVatNumber(value: string): string | null {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const format = vatNumberFormats[compact.slice(0, 2)];
  return format?.test(compact.slice(2)) ? compact : null;
}

/**
 * The German register kinds a register number starts with: commercial register (HRA partnerships,
 * HRB corporations), cooperatives (GnR), partnerships of professionals (PR), associations (VR) and
 * civil-law partnerships (GsR).
 */
export const registerKinds = ['HRA', 'HRB', 'GnR', 'PR', 'VR', 'GsR'] as const;

/**
 * A German register number as the register prints it (`HRB 12345`, `HRB 234567 B`), or null. The
 * kind is matched without case and written as the register writes it; one space separates the parts.
 */
export function normalizeRegistryNumber(value: string): string | null {
  const m = /^(HRA|HRB|GNR|PR|VR|GSR)\s*(\d{1,6})(?:\s*([A-Z]{1,2}))?$/i.exec(value.trim());
  if (!m) return null;
  const kind = registerKinds.find((k) => k.toUpperCase() === m[1]!.toUpperCase())!;
  return [kind, m[2], m[3]?.toUpperCase()].filter(Boolean).join(' ');
}

/** A tax number without white space; spec 5 "letters, digits, '-' and '/' only". */
export function normalizeTaxNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

/** spec 3 company tax number (Steuernummer `21/815/08150` or a foreign tax id): letters, digits, '-' and '/'. */
export const taxNumberSchema = z
  .string()
  .trim()
  .max(40)
  .transform(normalizeTaxNumber)
  .pipe(
    z
      .string()
      .min(5)
      .max(30)
      .refine((v) => /^[A-Za-z0-9/-]+$/.test(v), violation('letters_digits_dash_slash')),
  );

/** EU VAT identification number (DE + 9 digits, ATU + 8 digits, …); stored compact, upper case. */
export const vatNumberSchema = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || normalizeVatNumber(v) !== null, violation('invalid_vat_number'))
  .transform((v) => (v === '' ? '' : (normalizeVatNumber(v) ?? v)));

/** German register number (`HRB 12345`); stored as the register writes it. */
export const registryNumberSchema = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || normalizeRegistryNumber(v) !== null, violation('invalid_registry_number'))
  .transform((v) => (v === '' ? '' : (normalizeRegistryNumber(v) ?? v)));

const requiredText = (min: number, max: number) => z.string().trim().min(min).max(max);

/**
 * The fields of PUT companies/{uuid} (the self-disclosure company page saves the whole form).
 * Required is what spec 5 "company data complete" needs: name, type, tax number, founding date
 * ("birth day") and the bank account (IBAN, BIC, bank, account holder, bank country, currency); the
 * company address is `POST addresses {kind: 'company'}`. VAT number, register number and court are
 * optional (not every company has them) and checked when given.
 */
export const companyDataFields = {
  companyName: companyNameSchema,
  companyType: z.enum(companyTypes),
  taxnumber: taxNumberSchema,
  vatNumber: vatNumberSchema.nullable().optional(),
  registryNumber: registryNumberSchema.nullable().optional(),
  /** The registry court (`Amtsgericht Charlottenburg`). */
  court: textSchema(100).nullable().optional(),
  foundingDate: foundingDateSchema.pipe(z.string().min(1)),
  iban: ibanSchema.pipe(z.string().min(1)),
  bic: bicSchema.pipe(z.string().min(1)),
  bankName: requiredText(2, 100),
  /** The account holder. */
  beneficiary: requiredText(2, 200),
  bankCountry: countryCodeSchema.pipe(z.string().min(1)),
  bankCurrency: currencyCodeSchema.pipe(z.string().min(1)),
};

/**
 * Rules across company fields: a register number is read together with its court (the same number
 * exists at many courts), so the court is required with it.
 */
export function companyDataViolations(input: {
  registryNumber?: string | null | undefined;
  court?: string | null | undefined;
}): FieldViolation[] {
  if (input.registryNumber && !input.court?.trim()) return [{ propertyPath: 'court', code: 'required' }];
  return [];
}

/** PUT companies/{uuid}: the whole company form, each field checked (spec 3 company, spec 5). */
export const companyDataSchema = z.strictObject(companyDataFields).superRefine((value, ctx) => {
  for (const v of companyDataViolations(value)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.propertyPath],
      params: { violation: v.code },
      input: value.court,
    });
  }
});
export type CompanyDataInput = z.infer<typeof companyDataSchema>;
