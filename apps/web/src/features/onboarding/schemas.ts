import { addressInputSchema, customerUpdateSchema, salutations } from '@token/domain/accounts';
import { platformToday } from '@token/domain/calendar';
import { documentUploadFieldsSchema } from '@token/domain/documents';
import {
  bicSchema,
  birthDateSchema,
  companyDataFields,
  companyDataViolations,
  countryCodeSchema,
  currencyCodeSchema,
  e164MobileNumberSchema,
  ibanSchema,
  percentSchema,
  textSchema,
  type UboPerson,
  uboPersonViolations,
  uboUserFields,
} from '@token/domain/profile';
import { z } from 'zod';

/*
 * The form schemas of the self-disclosure pages, made of the domain's field schemas and rules
 * (`@token/domain/profile`, `@token/domain/accounts`): every field is checked by the same schema the
 * API checks the body with, so the messages are the API's. The domain's fields are optional (each
 * page saves its part); what a form requires is added here: a blank text field reads 'This field is
 * required', a choice left on its placeholder 'An option must be selected' (spec 5).
 */

type Ctx = z.RefinementCtx;
type StringSchema = z.ZodType<unknown, string>;

/** A field the form requires: blank is 'This field is required', anything else the domain's rule. */
function filled<S extends StringSchema>(schema: S) {
  return z.string().trim().min(1).pipe(schema);
}

/** A choice the form requires: left on the placeholder it reads 'must be selected' (spec 5). */
function chosen<S extends StringSchema>(schema: S) {
  return z
    .string()
    .superRefine((v, ctx) => {
      if (v.trim() === '') ctx.addIssue({ code: 'invalid_value', values: [], input: v });
    })
    .pipe(schema);
}

/** spec 3 bank data: bank country, account holder (beneficiary), bank, BIC, IBAN, currency. */
export const bankFields = {
  bankCountry: chosen(countryCodeSchema),
  beneficiary: filled(textSchema(200)),
  bankName: filled(textSchema(100)),
  bic: filled(bicSchema),
  iban: filled(ibanSchema),
  bankCurrency: chosen(currencyCodeSchema),
};

/** spec 3 address (POST/PUT addresses): street and house number, postcode, city, country. */
export const addressFields = {
  street: addressInputSchema.shape.street,
  postcode: addressInputSchema.shape.postcode,
  city: addressInputSchema.shape.city,
  countryCode: chosen(addressInputSchema.shape.countryCode),
};

const personalFields = {
  salutation: z.enum(salutations).nullable(),
  title: textSchema(50),
  firstName: customerUpdateSchema.shape.firstName.unwrap(),
  lastName: customerUpdateSchema.shape.lastName.unwrap(),
  birthDate: filled(birthDateSchema),
  birthCity: filled(textSchema(100)),
  birthCountry: chosen(countryCodeSchema),
  nationality: chosen(countryCodeSchema),
  ...addressFields,
  mobileNumber: filled(e164MobileNumberSchema),
};

/**
 * spec 3 personal profile form. Personal accounts give their bank account too (spec 5: personal
 * data complete needs bank name, beneficiary, BIC and IBAN for personal accounts); a company's
 * bank account is on the company page.
 */
export const personalFormSchema = z.object({ ...personalFields, ...bankFields });
export const personalFormWithoutBankSchema = z.object(personalFields);
export type PersonalFormValues = z.input<typeof personalFormSchema>;

/**
 * spec 3 company data (PUT companies/{uuid}, `companyDataFields`) and the company address; the
 * domain's cross-field rule (a register number needs its court) on the court field.
 */
export const companyFormSchema = z
  .object({
    ...companyDataFields,
    bankCountry: chosen(countryCodeSchema),
    bankCurrency: chosen(currencyCodeSchema),
    vatNumber: companyDataFields.vatNumber.unwrap().unwrap(),
    registryNumber: companyDataFields.registryNumber.unwrap().unwrap(),
    court: companyDataFields.court.unwrap().unwrap(),
    ...addressFields,
  })
  .superRefine((v, ctx) => {
    for (const violation of companyDataViolations(v)) {
      ctx.addIssue({
        code: 'custom',
        path: [violation.propertyPath],
        params: { violation: violation.code },
        input: v.court,
      });
    }
  });
export type CompanyFormValues = z.input<typeof companyFormSchema>;

/** A statement that has to be confirmed (a checkbox): unchecked is 'This field is required'. */
const confirmed = z.boolean().refine((v) => v, { params: { violation: 'required' } });

/**
 * The PEP declaration (GwG § 1 (12)) and acting on own account (GwG § 11 (5)), sent as `notPep` and
 * `actingOnOwnAccount` (`personalDataFields`); the form asks the PEP question as a choice.
 */
export const pepFormSchema = z.object({
  pep: z.enum(['not_pep', 'pep']),
  actingOnOwnAccount: confirmed,
});
export type PepFormValues = z.input<typeof pepFormSchema>;

export { representativeRoles, uboRoleCodes, uboThresholdPercent } from '@token/domain/profile';

/** A percentage as typed, with a comma or a point ('25,5'); null when it is no number. */
export function parsePercent(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(v)) return null;
  return Number(v);
}

/** The fields of a person of the company's list as the forms hold them (text fields, '' = empty). */
const personFields = {
  type: uboUserFields.type,
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  birthplace: z.string(),
  nationality: z.string(),
  companyName: z.string(),
  companyType: z.string(),
  registerNumber: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  pep: z.boolean(),
};
type PersonFormValues = { [K in keyof typeof personFields]: z.input<(typeof personFields)[K]> };

/** Fields chosen from a list: a blank one reads 'must be selected'. */
const choiceFields = new Set(['nationality', 'country', 'companyType']);

/** The fields of each kind of person, with the domain's schema for a value that was given. */
const personFieldSchemas = {
  natural: {
    firstName: uboUserFields.firstName,
    lastName: uboUserFields.lastName,
    birthdate: uboUserFields.birthdate,
    birthplace: uboUserFields.birthplace,
    nationality: uboUserFields.nationality,
  },
  legal: {
    companyName: uboUserFields.companyName,
    companyType: uboUserFields.companyType,
    registerNumber: uboUserFields.registerNumber,
  },
  both: {
    street: uboUserFields.street,
    postcode: uboUserFields.postcode,
    city: uboUserFields.city,
    country: uboUserFields.country,
  },
} as const;

/** Reports the issues of `schema` for one field; their own messages are dropped (the error map words them). */
function checkField(ctx: Ctx, field: string, schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return;
  for (const { message: _message, path: _path, ...issue } of r.error.issues) {
    ctx.addIssue({ ...issue, path: [field], input: value } as Parameters<Ctx['addIssue']>[0]);
  }
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The one-person rules of the domain (`uboPersonViolations`: required fields of a natural or legal
 * person, real vs fictitious beneficial owner, more than 25 %) and each given value's format.
 */
function checkPerson(
  v: PersonFormValues,
  ctx: Ctx,
  extra: Pick<UboPerson, 'roles' | 'fictitiousBeneficialOwner' | 'equityShares' | 'votingShares'>,
  skip: ReadonlySet<string> = new Set(),
) {
  const own = v.type === 'natural' ? personFieldSchemas.natural : personFieldSchemas.legal;
  for (const [field, schema] of Object.entries({ ...own, ...personFieldSchemas.both })) {
    const value = v[field as keyof PersonFormValues];
    if (typeof value === 'string' && value.trim() !== '') checkField(ctx, field, schema, value);
  }
  const person: UboPerson = {
    type: v.type,
    roles: extra.roles,
    firstName: orNull(v.firstName),
    lastName: orNull(v.lastName),
    birthdate: orNull(v.birthdate),
    street: orNull(v.street),
    postcode: orNull(v.postcode),
    city: orNull(v.city),
    country: orNull(v.country),
    nationality: orNull(v.nationality),
    companyName: orNull(v.companyName),
    companyType: orNull(v.companyType),
    registerNumber: orNull(v.registerNumber),
    equityShares: extra.equityShares,
    votingShares: extra.votingShares,
    representativeRoles: [],
    fictitiousBeneficialOwner: extra.fictitiousBeneficialOwner,
  };
  for (const violation of uboPersonViolations(person)) {
    const field = violation.propertyPath;
    if (skip.has(field)) continue;
    const input = (v as Record<string, unknown>)[field];
    if (violation.code === 'required' && choiceFields.has(field)) {
      ctx.addIssue({ code: 'invalid_value', values: [], path: [field], input: '' });
    } else {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        params: { violation: violation.code, ...violation.params },
        input,
      });
    }
  }
}

/** A representative (spec 3): the person, legal (70) or authorised (10) representative, roles, statements. */
export const representativeFormSchema = z
  .object({
    ...personFields,
    kind: z.enum(['legal', 'authorised']),
    representativeRoles: uboUserFields.representativeRoles,
    memberOfRepresentativeBody: z.boolean(),
    powerOfAttorney: z.boolean(),
    paysChurchTax: z.boolean(),
  })
  .superRefine((v, ctx) =>
    checkPerson(v, ctx, {
      roles: [v.kind === 'legal' ? 70 : 10],
      fictitiousBeneficialOwner: false,
      equityShares: null,
      votingShares: null,
    }),
  );
export type RepresentativeFormValues = z.input<typeof representativeFormSchema>;

const shareFields: ReadonlySet<string> = new Set(['equityShares', 'votingShares']);

/** A share field: blank is 'not stated'; else a number 0–100 with at most two decimals (`percentSchema`). */
function checkShare(ctx: Ctx, field: string, value: string): number | null | 'invalid' {
  if (value.trim() === '') return null;
  const n = parsePercent(value);
  if (n === null) {
    ctx.addIssue({ code: 'custom', params: { violation: 'invalid_value' }, path: [field], input: value });
    return 'invalid';
  }
  if (!percentSchema.safeParse(n).success) {
    checkField(ctx, field, percentSchema, n);
    return 'invalid';
  }
  return n;
}

/**
 * A beneficial owner (spec 3, GwG § 3 (2)): always a natural person; real, holding more than 25 %
 * of capital or votes directly (60) or through companies they control (61), or fictitious (no real
 * beneficial owner exists: the legal representative is recorded, without shares and without the
 * roles 60/61, since nobody is both).
 */
export const beneficialOwnerFormSchema = z
  .object({
    ...personFields,
    type: z.literal('natural'),
    ownership: z.enum(['direct', 'indirect', 'fictitious']),
    equityShares: z.string(),
    votingShares: z.string(),
  })
  .superRefine((v, ctx) => {
    const fictitious = v.ownership === 'fictitious';
    const equity = fictitious ? null : checkShare(ctx, 'equityShares', v.equityShares);
    const voting = fictitious ? null : checkShare(ctx, 'votingShares', v.votingShares);
    // a share that is no valid number was reported on its field; the share rules wait for it
    const invalid = equity === 'invalid' || voting === 'invalid';
    checkPerson(
      v,
      ctx,
      {
        roles: fictitious ? [] : [v.ownership === 'indirect' ? 61 : 60],
        fictitiousBeneficialOwner: fictitious,
        equityShares: equity === 'invalid' ? null : equity,
        votingShares: voting === 'invalid' ? null : voting,
      },
      invalid ? shareFields : undefined,
    );
  });
export type BeneficialOwnerFormValues = z.input<typeof beneficialOwnerFormSchema>;

/** spec 3/5 documents: the document's date (the upload's `issuedAt`), not in the future, not older than 3 months. */
export function documentDateSchema(today: string = platformToday()) {
  return documentUploadFieldsSchema(today).shape.issuedAt;
}
