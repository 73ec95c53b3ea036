import { z } from 'zod';
import type { FieldViolation } from '../errors/index.ts';
import {
  bicSchema,
  birthDateSchema,
  countryCodeSchema,
  currencyCodeSchema,
  ibanSchema,
  textSchema,
  walletAddressSchema,
} from './fields.ts';
import { representativeRoles } from './ubo.ts';

/**
 * spec 3 personal profile form (self-disclosure personal and PEP pages; PUT customers/{uuid}).
 * Every field is optional so each page saves its part; '' or null clears a field. What must be
 * filled for "personal data complete" is the onboarding rule's business (spec 5), not the form's.
 * The names, salutation, title and mobile number are in `customerUpdateSchema` with the account fields.
 */
export const personalDataFields = {
  /** spec 3 spells the birth date both ways; either is accepted (not both with different days). */
  birthDate: birthDateSchema.nullable().optional(),
  birthday: birthDateSchema.nullable().optional(),
  birthCity: textSchema(100).nullable().optional(),
  birthCountry: countryCodeSchema.nullable().optional(),
  /** Citizenship. */
  nationality: countryCodeSchema.nullable().optional(),
  iban: ibanSchema.nullable().optional(),
  /** SWIFT/BIC. */
  bic: bicSchema.nullable().optional(),
  bankName: textSchema(100).nullable().optional(),
  /** The account holder. */
  beneficiary: textSchema(200).nullable().optional(),
  bankCountry: countryCodeSchema.nullable().optional(),
  bankCurrency: currencyCodeSchema.nullable().optional(),
  /** PEP declaration: true = not a politically exposed person. */
  notPep: z.boolean().nullable().optional(),
  /** GwG § 11 (5): acts on own account, not for someone else. */
  actingOnOwnAccount: z.boolean().nullable().optional(),
  representativeConfirmation: z.boolean().nullable().optional(),
  /** The user's role in the company (company accounts), one of the spec 3 representative roles. */
  representative_role: z.enum(representativeRoles).nullable().optional(),
  paysChurchTax: z.boolean().nullable().optional(),
  /** A connected wallet extension's address; stored EIP-55. */
  ethAddress: walletAddressSchema.nullable().optional(),
};

/**
 * The birth date of a personal-data update: `birthDate` or its spec 3 twin `birthday`; undefined
 * when neither was sent. Both with different days is a violation on `birthday`.
 */
export function resolveBirthDate(input: {
  birthDate?: string | null | undefined;
  birthday?: string | null | undefined;
}): { value: string | null | undefined } | { violation: FieldViolation } {
  const a = input.birthDate === '' ? null : input.birthDate;
  const b = input.birthday === '' ? null : input.birthday;
  if (a !== undefined && b !== undefined && a !== b) {
    return { violation: { propertyPath: 'birthday', code: 'invalid_value' } };
  }
  return { value: a !== undefined ? a : b };
}
