import { z } from 'zod';
import { companyTypes } from '../accounts/kinds.ts';
import { violation } from '../accounts/schemas.ts';
import type { FieldViolation } from '../errors/index.ts';
import { countryCodeSchema, percentSchema, personBirthDateSchema, textSchema } from './fields.ts';

/*
 * Beneficial owners and representatives of a company account (spec 3 UBO person and statements,
 * GwG § 3). This file holds the rules for ONE person; the rules over the whole list (at least one
 * representative, at least one beneficial owner, someone other than the user, …) live with the
 * onboarding rules in `@token/domain/onboarding`.
 */

/**
 * spec 3 / spec 9 role codes of a UBO person: 10 authorised representative, 60 and 61 beneficial
 * owner (direct, indirect), 70 legal representative. The one table of them; the list rules in
 * `@token/domain/onboarding` read it too.
 */
export const uboRoleCodes = {
  authorisedRepresentative: 10,
  beneficialOwner: 60,
  beneficialOwnerIndirect: 61,
  legalRepresentative: 70,
} as const;
export const uboRoles = [10, 60, 61, 70] as const;
export type UboRole = (typeof uboRoles)[number];

/** The role codes that make a person a beneficial owner (spec 9: 60 and 61). */
export const beneficialOwnerRoleCodes = [60, 61] as const satisfies readonly UboRole[];
/** The role codes that make a person a representative of the company (spec 5: 10 and 70). */
export const representativeRoleCodes = [10, 70] as const satisfies readonly UboRole[];

/** spec 3 representative roles (the person's relation to the company). */
export const representativeRoles = [
  'spouse',
  'shareholder',
  'heir',
  'beneficial_owner',
  'managing_director',
  'board',
  'supervisory_board_chair',
  'authorised_representative',
] as const;
export type RepresentativeRole = (typeof representativeRoles)[number];

/** spec 3: natural person or legal person. */
export const uboPersonTypes = ['natural', 'legal'] as const;
export type UboPersonType = (typeof uboPersonTypes)[number];

/**
 * GwG § 3 (2): a beneficial owner holds MORE THAN 25 % of the capital or voting rights on the first
 * level (regulatory notes: the spec's "25 %" read as "more than").
 */
export const uboThresholdPercent = 25;

/** The fields of a UBO person as a client sends them (POST ubo-users; merge-patch without defaults). */
export const uboUserFields = {
  type: z.enum(uboPersonTypes),
  roles: z
    .array(z.union(uboRoles.map((r) => z.literal(r))))
    .max(uboRoles.length)
    .refine((roles) => new Set(roles).size === roles.length, violation('invalid_value')),
  firstName: textSchema(100).nullable(),
  lastName: textSchema(100).nullable(),
  birthdate: personBirthDateSchema.nullable(),
  birthplace: textSchema(100).nullable(),
  street: textSchema(200).nullable(),
  postcode: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || /^[A-Za-z0-9 -]+$/.test(v), violation('invalid_value'))
    .nullable(),
  city: textSchema(100).nullable(),
  country: countryCodeSchema.nullable(),
  nationality: countryCodeSchema.nullable(),
  pep: z.boolean(),
  /** Percent of the capital, 0–100, at most two decimals. */
  equityShares: percentSchema.nullable(),
  /** Percent of the voting rights, 0–100, at most two decimals. */
  votingShares: percentSchema.nullable(),
  companyName: textSchema(200).nullable(),
  companyType: z.enum(companyTypes).nullable(),
  /** The legal person's register number (German or foreign register: letters, digits, space, '-', '/', '.'). */
  registerNumber: z
    .string()
    .trim()
    .max(50)
    .refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v), violation('invalid_value'))
    .nullable(),
  representativeRoles: z
    .array(z.enum(representativeRoles))
    .max(representativeRoles.length)
    .refine((roles) => new Set(roles).size === roles.length, violation('invalid_value')),
  memberOfRepresentativeBody: z.boolean(),
  fictitiousBeneficialOwner: z.boolean(),
  powerOfAttorney: z.boolean(),
  paysChurchTax: z.boolean(),
};

/** Fields the platform manages: ignored when a client sends the resource back. */
export const uboUserReadOnlyFields = ['id', 'isUser', 'representativeSent'] as const;
const ignored = Object.fromEntries(uboUserReadOnlyFields.map((f) => [f, z.unknown().optional()])) as Record<
  (typeof uboUserReadOnlyFields)[number],
  z.ZodOptional<z.ZodUnknown>
>;

/** A UBO person as the rules read it (after defaults; shares in percent). */
export type UboPerson = {
  type: UboPersonType;
  roles: readonly number[];
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  birthdate?: string | null | undefined;
  street?: string | null | undefined;
  postcode?: string | null | undefined;
  city?: string | null | undefined;
  country?: string | null | undefined;
  nationality?: string | null | undefined;
  equityShares?: number | null | undefined;
  votingShares?: number | null | undefined;
  companyName?: string | null | undefined;
  companyType?: string | null | undefined;
  registerNumber?: string | null | undefined;
  representativeRoles: readonly string[];
  fictitiousBeneficialOwner: boolean;
};

const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** Whether the person is named a beneficial owner (role 60 or 61, or the statement "beneficial owner"). */
export function isBeneficialOwner(p: Pick<UboPerson, 'roles' | 'representativeRoles'>): boolean {
  return (
    p.roles.some((r) => (beneficialOwnerRoleCodes as readonly number[]).includes(r)) ||
    p.representativeRoles.includes('beneficial_owner')
  );
}

/**
 * The rules for one UBO person (spec 3, spec 5, GwG § 3):
 * - a natural person needs first and last name, birth date, nationality and address (street,
 *   postcode, city, country); a legal person needs company name, company type and register number;
 * - nobody is both a (real) beneficial owner by the statement and the fictitious beneficial owner
 *   (`beneficial_owner_conflict`);
 * - a real beneficial owner holds more than 25 % of the capital or of the voting rights
 *   (`below_ubo_threshold`); the fictitious beneficial owner (GwG § 3 (2) sentence 5: the legal
 *   representative when nobody holds that much) is exempt.
 */
export function uboPersonViolations(p: UboPerson): FieldViolation[] {
  const out: FieldViolation[] = [];
  const required =
    p.type === 'natural'
      ? ([
          'firstName',
          'lastName',
          'birthdate',
          'nationality',
          'street',
          'postcode',
          'city',
          'country',
        ] as const)
      : (['companyName', 'companyType', 'registerNumber'] as const);
  for (const field of required) {
    if (!filled(p[field])) out.push({ propertyPath: field, code: 'required' });
  }
  if (p.fictitiousBeneficialOwner && p.representativeRoles.includes('beneficial_owner')) {
    out.push({ propertyPath: 'fictitiousBeneficialOwner', code: 'beneficial_owner_conflict' });
  } else if (isBeneficialOwner(p) && !p.fictitiousBeneficialOwner) {
    const equity = p.equityShares ?? null;
    const voting = p.votingShares ?? null;
    if (equity === null && voting === null) {
      out.push({ propertyPath: 'equityShares', code: 'required' });
    } else if (Math.max(equity ?? 0, voting ?? 0) <= uboThresholdPercent) {
      // Name the share the person stated (capital unless only voting rights were given).
      out.push({
        propertyPath: equity === null ? 'votingShares' : 'equityShares',
        code: 'below_ubo_threshold',
        params: { value: uboThresholdPercent },
      });
    }
  }
  return out;
}

/** Adds the one-person rules to a schema as zod issues on their fields. */
function refinePerson(value: UboPerson, ctx: z.RefinementCtx) {
  for (const v of uboPersonViolations(value)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.propertyPath],
      params: { violation: v.code, ...v.params },
      input: (value as Record<string, unknown>)[v.propertyPath],
    });
  }
}

/** POST ubo-users: a person with the spec 3 fields and statements; omitted statements are false. */
export const uboUserInputSchema = z
  .strictObject({
    type: uboUserFields.type.default('natural'),
    roles: uboUserFields.roles.default([]),
    firstName: uboUserFields.firstName.optional(),
    lastName: uboUserFields.lastName.optional(),
    birthdate: uboUserFields.birthdate.optional(),
    birthplace: uboUserFields.birthplace.optional(),
    street: uboUserFields.street.optional(),
    postcode: uboUserFields.postcode.optional(),
    city: uboUserFields.city.optional(),
    country: uboUserFields.country.optional(),
    nationality: uboUserFields.nationality.optional(),
    pep: uboUserFields.pep.default(false),
    equityShares: uboUserFields.equityShares.optional(),
    votingShares: uboUserFields.votingShares.optional(),
    companyName: uboUserFields.companyName.optional(),
    companyType: uboUserFields.companyType.optional(),
    registerNumber: uboUserFields.registerNumber.optional(),
    representativeRoles: uboUserFields.representativeRoles.default([]),
    memberOfRepresentativeBody: uboUserFields.memberOfRepresentativeBody.default(false),
    fictitiousBeneficialOwner: uboUserFields.fictitiousBeneficialOwner.default(false),
    powerOfAttorney: uboUserFields.powerOfAttorney.default(false),
    paysChurchTax: uboUserFields.paysChurchTax.default(false),
    ...ignored,
  })
  .superRefine(refinePerson);
export type UboUserInput = z.infer<typeof uboUserInputSchema>;

/**
 * PATCH ubo-users/{id} (merge-patch, RFC 7396): only the fields sent change; null clears a field
 * (a statement or list back to false / empty). The merged person is checked with `uboPersonViolations`.
 */
export const uboUserPatchSchema = z.strictObject({
  type: uboUserFields.type.optional(),
  roles: uboUserFields.roles.nullable().optional(),
  firstName: uboUserFields.firstName.optional(),
  lastName: uboUserFields.lastName.optional(),
  birthdate: uboUserFields.birthdate.optional(),
  birthplace: uboUserFields.birthplace.optional(),
  street: uboUserFields.street.optional(),
  postcode: uboUserFields.postcode.optional(),
  city: uboUserFields.city.optional(),
  country: uboUserFields.country.optional(),
  nationality: uboUserFields.nationality.optional(),
  pep: uboUserFields.pep.nullable().optional(),
  equityShares: uboUserFields.equityShares.optional(),
  votingShares: uboUserFields.votingShares.optional(),
  companyName: uboUserFields.companyName.optional(),
  companyType: uboUserFields.companyType.optional(),
  registerNumber: uboUserFields.registerNumber.optional(),
  representativeRoles: uboUserFields.representativeRoles.nullable().optional(),
  memberOfRepresentativeBody: uboUserFields.memberOfRepresentativeBody.nullable().optional(),
  fictitiousBeneficialOwner: uboUserFields.fictitiousBeneficialOwner.nullable().optional(),
  powerOfAttorney: uboUserFields.powerOfAttorney.nullable().optional(),
  paysChurchTax: uboUserFields.paysChurchTax.nullable().optional(),
  ...ignored,
});
export type UboUserPatch = z.infer<typeof uboUserPatchSchema>;

/**
 * POST ubo-users/representative: the user themself as authorised representative (role 10). The
 * person's data come from the customer's profile; fields sent here complete or replace them.
 */
export const uboRepresentativeInputSchema = uboUserPatchSchema.omit({ type: true });
export type UboRepresentativeInput = z.infer<typeof uboRepresentativeInputSchema>;
