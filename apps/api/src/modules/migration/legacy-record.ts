import { companyTypes, mobileNumberSchema, salutations } from '@token/domain/accounts';
import { birthDateSchema, foundingDateSchema } from '@token/domain/profile';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

/*
 * What a record of the former platform holds (`legacy_customer_records.data`): the customer as the
 * former platform exported it, keyed by the e-mail address (the table's `email`). Every field is
 * optional; names follow the customer record of spec 3. Groups that only make sense together
 * (address, bank account) are taken or left whole.
 *
 * {
 *   "salutation": "ms" | "mr" | "mx", "title": "Dr.", "firstName": "Erika", "lastName": "Mustermann",
 *   "birthDate": "1980-04-12", "birthCity": "Köln", "birthCountry": "DE", "nationality": "DE",
 *   "mobileNumber": "+49 151 23456789",
 *   "address": { "street": "Domkloster 4", "postcode": "50667", "city": "Köln", "countryCode": "DE" },
 *   "bank": { "iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX", "bankName": "Commerzbank",
 *             "beneficiary": "Erika Mustermann", "bankCountry": "DE", "bankCurrency": "EUR" },
 *   "taxNumber": "21/815/08150", "vatNumber": "DE123456789", "paysChurchTax": false,
 *   "companyType": "limited_liability_company", "registryNumber": "HRB 12345", "court": "Amtsgericht Köln",
 *   "foundingDate": "2015-03-01",
 *   "companyAddress": { "street": "…", "postcode": "…", "city": "…", "countryCode": "DE" },
 *   "ethAddress": "0x…"
 * }
 *
 * Declarations (PEP, acting on own account) are not migrated: the investor makes them anew.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

const addressSchema = z.object({
  street: text(200),
  postcode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9 -]+$/),
  city: text(100),
  countryCode,
});

const bankSchema = z.object({
  iban: z
    .string()
    .transform((v) => electronicFormatIBAN(v) ?? '')
    .refine((v) => isValidIBAN(v)),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isValidBIC(v))
    .optional(),
  bankName: text(100).optional(),
  beneficiary: text(100).optional(),
  bankCountry: countryCode.optional(),
  bankCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

/** The fields of a legacy record, each checked as the platform's own forms check it. */
export const legacyCustomerFields = {
  salutation: z.enum(salutations),
  title: text(50),
  firstName: text(100),
  lastName: text(100),
  // The platform's own date rules: Berlin's day, BGB age counting (decision 012).
  birthDate: birthDateSchema,
  birthCity: text(100),
  birthCountry: countryCode,
  nationality: countryCode,
  mobileNumber: mobileNumberSchema.pipe(z.string().min(1)),
  address: addressSchema,
  bank: bankSchema,
  taxNumber: text(50),
  vatNumber: text(50),
  paysChurchTax: z.boolean(),
  companyType: z.enum(companyTypes),
  registryNumber: text(50),
  court: text(100),
  foundingDate: foundingDateSchema,
  companyAddress: addressSchema,
  ethAddress: z
    .string()
    .trim()
    .refine((v) => isAddress(v, { strict: false }))
    .transform((v) => getAddress(v)),
};

/** The documented shape of `legacy_customer_records.data` (seeds and imports write this). */
export const legacyCustomerDataSchema = z.object(legacyCustomerFields).partial();
export type LegacyCustomerData = z.infer<typeof legacyCustomerDataSchema>;

/**
 * Reads a stored record field by field: a field that fails its check is left out (and named in
 * `skipped`) rather than spoiling the rest; unknown fields are ignored. Legacy data is whatever the
 * former platform let through, so nothing here trusts it.
 */
export function readLegacyCustomerData(data: unknown): { data: LegacyCustomerData; skipped: string[] } {
  const out: Record<string, unknown> = {};
  const skipped: string[] = [];
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { data: {}, skipped: ['data'] };
  for (const [key, schema] of Object.entries(legacyCustomerFields)) {
    const value = (data as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    const parsed = (schema as z.ZodType).safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else skipped.push(key);
  }
  return { data: out as LegacyCustomerData, skipped };
}
