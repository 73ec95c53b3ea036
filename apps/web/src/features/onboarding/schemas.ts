import { companyNameSchema, companyTypes, mobileNumberSchema, salutations } from '@token/domain/accounts';
import type { ViolationCode } from '@token/domain/errors';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isIsoDate, isoMinus, todayIso } from './dates.ts';

/*
 * The form schemas of the self-disclosure pages. TEMPORARY: the domain schemas for these forms are
 * being written in `packages/domain/src/profile/`; until they land, the pages validate with these,
 * which follow spec 3/5 and the contract's field names. The lead switches the pages over then.
 * Every rule names a violation code of the one catalogue, so the messages are the API's.
 */

type Ctx = z.RefinementCtx;

function fail(ctx: Ctx, code: ViolationCode, input: unknown, params: Record<string, string | number> = {}) {
  ctx.addIssue({ code: 'custom', params: { violation: code, ...params }, input });
}

/** A choice left on its placeholder reads 'must be selected' (spec 5), like an empty enum. */
function choice(ctx: Ctx, input: unknown) {
  ctx.addIssue({ code: 'invalid_value', values: [], input });
}

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max);

/** A country of the reference data (ISO 3166-1 alpha-2), chosen from a list. */
export const countryChoiceSchema = z.string().superRefine((v, ctx) => {
  if (!/^[A-Z]{2}$/.test(v)) choice(ctx, v);
});

/** A currency of the reference data (ISO 4217), chosen from a list. */
const currencyChoiceSchema = z.string().superRefine((v, ctx) => {
  if (!/^[A-Z]{3}$/.test(v)) choice(ctx, v);
});

/** spec 5: a date, not in the future; `minAgeYears` for a birth date (minimum age {years}). */
function pastDate(opts: { minAgeYears?: number } = {}) {
  return z.string().superRefine((v, ctx) => {
    if (v.trim() === '') return fail(ctx, 'required', v);
    if (!isIsoDate(v) || v < '1900-01-01') return fail(ctx, 'invalid_value', v);
    const today = todayIso();
    if (v > today) return fail(ctx, 'date_in_future', v);
    if (opts.minAgeYears && v > isoMinus(today, { years: opts.minAgeYears })) {
      fail(ctx, 'minimum_age', v, { years: opts.minAgeYears });
    }
  });
}

/** spec 5: at least 18 years old. */
export const minimumAgeYears = 18;

/** IBAN as typed (any spacing, any case); valid per ibantools; sent in electronic format. */
export const ibanSchema = z
  .string()
  .superRefine((v, ctx) => {
    if (v.trim() === '') return fail(ctx, 'required', v);
    if (!isValidIBAN(electronicFormatIBAN(v) ?? '')) fail(ctx, 'invalid_iban', v);
  })
  .transform((v) => electronicFormatIBAN(v) ?? v);

/** BIC/SWIFT (8 or 11 characters), sent upper case without spaces. */
export const bicSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .superRefine((v, ctx) => {
    if (v === '') return fail(ctx, 'required', v);
    if (!isValidBIC(v)) fail(ctx, 'invalid_bic', v);
  });

const requiredMobileSchema = mobileNumberSchema.refine((v) => v !== '', {
  params: { violation: 'required' },
});

/** spec 3 bank data: bank country, account holder (beneficiary), bank, BIC, IBAN, currency. */
export const bankFields = {
  bankCountry: countryChoiceSchema,
  beneficiary: requiredText(140),
  bankName: requiredText(140),
  bic: bicSchema,
  iban: ibanSchema,
  bankCurrency: currencyChoiceSchema,
};

/** spec 3 address: street and house number, postcode, city, country. */
export const addressFields = {
  street: requiredText(200),
  postcode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9 -]+$/),
  city: requiredText(100),
  countryCode: countryChoiceSchema,
};

const personalFields = {
  salutation: z.enum(salutations).nullable(),
  title: optionalText(50),
  firstName: requiredText(100),
  lastName: requiredText(100),
  birthDate: pastDate({ minAgeYears: minimumAgeYears }),
  birthCity: requiredText(100),
  birthCountry: countryChoiceSchema,
  nationality: countryChoiceSchema,
  ...addressFields,
  mobileNumber: requiredMobileSchema,
};

/**
 * spec 3 personal profile form. Personal accounts give their bank account too (spec 5: personal
 * data complete needs bank name, beneficiary, BIC and IBAN for personal accounts); a company's
 * bank account is on the company page.
 */
export const personalFormSchema = z.object({ ...personalFields, ...bankFields });
export const personalFormWithoutBankSchema = z.object(personalFields);
export type PersonalFormValues = z.input<typeof personalFormSchema>;

/** spec 3 company data (PUT companies/{uuid}) and the company address. */
export const companyFormSchema = z
  .object({
    companyName: companyNameSchema,
    companyType: z.enum(companyTypes),
    // German tax numbers are written with '/', spaces or none (143/815/08150)
    taxnumber: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .regex(/^[0-9A-Za-z /-]+$/),
    vatNumber: z
      .string()
      .trim()
      .max(20)
      .regex(/^$|^[A-Za-z]{2}[0-9A-Za-z+*.]{2,12}$/),
    // GwG § 11 (4) 2: the register number "if there is one"; its court then belongs to it
    registryNumber: optionalText(40),
    court: optionalText(100),
    foundingDate: pastDate(),
    ...bankFields,
    ...addressFields,
  })
  .superRefine((v, ctx) => {
    if (v.registryNumber !== '' && v.court === '') {
      ctx.addIssue({ code: 'custom', params: { violation: 'required' }, path: ['court'], input: v.court });
    }
  });
export type CompanyFormValues = z.input<typeof companyFormSchema>;

/** A statement that has to be confirmed (a checkbox): unchecked is 'This field is required'. */
const confirmed = z.boolean().refine((v) => v, { params: { violation: 'required' } });

/** The PEP declaration (GwG § 1 (12)) and acting on own account (GwG § 11 (5)). */
export const pepFormSchema = z.object({
  pep: z.enum(['not_pep', 'pep']),
  actingOnOwnAccount: confirmed,
});
export type PepFormValues = z.input<typeof pepFormSchema>;

/** spec 3 representative roles (company). */
export const representativeRoles = [
  'managing_director',
  'board',
  'supervisory_board_chair',
  'authorised_representative',
  'shareholder',
  'beneficial_owner',
  'spouse',
  'heir',
] as const;
export type RepresentativeRole = (typeof representativeRoles)[number];

/** spec 3 role codes of a UBO person. */
export const uboRoleCodes = {
  authorisedRepresentative: 10,
  beneficialOwnerDirect: 60,
  beneficialOwnerIndirect: 61,
  legalRepresentative: 70,
} as const;

/** A percentage 0–100 with at most two decimals, typed with a comma or a point. */
export function parsePercent(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(v)) return null;
  return Number(v);
}

function percentField() {
  return z.string().superRefine((v, ctx) => {
    if (v.trim() === '') return fail(ctx, 'required', v);
    const n = parsePercent(v);
    if (n === null) return fail(ctx, 'invalid_value', v);
    if (!/^\d{1,3}([.,]\d{1,2})?$/.test(v.trim())) return fail(ctx, 'max_two_decimals', v);
    if (n > 100) ctx.addIssue({ code: 'too_big', origin: 'number', maximum: 100, inclusive: true, input: n });
  });
}

/** GwG § 3 (2): a beneficial owner holds MORE than 25 % (regulatory notes). */
export const uboThresholdPercent = 25;

const personFields = {
  type: z.enum(['natural', 'legal']),
  firstName: optionalText(100),
  lastName: optionalText(100),
  birthdate: z.string(),
  birthplace: optionalText(100),
  nationality: z.string(),
  companyName: optionalText(200),
  companyType: z.string(),
  registerNumber: optionalText(40),
  street: requiredText(200),
  postcode: addressFields.postcode,
  city: requiredText(100),
  country: countryChoiceSchema,
  pep: z.boolean(),
};

type PersonValues = { [K in keyof typeof personFields]: z.input<(typeof personFields)[K]> };

/**
 * Checks one field of the form with `schema` and reports its issues on that field. The nested
 * issue's own message is dropped: the form's error map words it (the catalogue sentence).
 */
function checkField(ctx: Ctx, field: string, schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return;
  for (const { message: _message, path: _path, ...issue } of r.error.issues) {
    ctx.addIssue({ ...issue, path: [field], input: value } as Parameters<Ctx['addIssue']>[0]);
  }
}

/** The person's own fields: a natural person's names, birth and nationality, or a company's. */
function checkPerson(v: PersonValues, ctx: Ctx) {
  const need = (field: keyof PersonValues, schema: z.ZodType) => checkField(ctx, field, schema, v[field]);
  if (v.type === 'natural') {
    need('firstName', requiredText(100));
    need('lastName', requiredText(100));
    need('birthdate', pastDate());
    need('birthplace', requiredText(100));
    need('nationality', countryChoiceSchema);
  } else {
    need('companyName', requiredText(200));
    need('companyType', z.enum(companyTypes));
    need('registerNumber', requiredText(40));
  }
}

/** A representative (spec 3): the person, legal (70) or authorised (10) representative, roles, statements. */
export const representativeFormSchema = z
  .object({
    ...personFields,
    kind: z.enum(['legal', 'authorised']),
    representativeRoles: z.array(z.enum(representativeRoles)),
    memberOfRepresentativeBody: z.boolean(),
    powerOfAttorney: z.boolean(),
    paysChurchTax: z.boolean(),
  })
  .superRefine(checkPerson);
export type RepresentativeFormValues = z.input<typeof representativeFormSchema>;

/**
 * A beneficial owner (spec 3, GwG § 3 (2)): always a natural person; real, holding more than 25 %
 * of capital or votes directly (60) or through companies they control (61), or fictitious (no real
 * beneficial owner exists: the legal representative is recorded, without shares).
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
    checkPerson(v, ctx);
    if (v.ownership === 'fictitious') return;
    for (const field of ['equityShares', 'votingShares'] as const) {
      checkField(ctx, field, percentField(), v[field]);
    }
    const equity = percentField().safeParse(v.equityShares).success ? parsePercent(v.equityShares) : null;
    const voting = percentField().safeParse(v.votingShares).success ? parsePercent(v.votingShares) : null;
    if (
      equity !== null &&
      voting !== null &&
      equity <= uboThresholdPercent &&
      voting <= uboThresholdPercent
    ) {
      ctx.addIssue({
        code: 'custom',
        params: { violation: 'below_ubo_threshold', value: uboThresholdPercent },
        path: ['equityShares'],
        input: v.equityShares,
      });
    }
  });
export type BeneficialOwnerFormValues = z.input<typeof beneficialOwnerFormSchema>;

/** spec 3/5 documents: the document's date, not in the future and not older than 3 months. */
export const documentDateSchema = z.string().superRefine((v, ctx) => {
  if (v.trim() === '') return fail(ctx, 'required', v);
  if (!isIsoDate(v)) return fail(ctx, 'invalid_value', v);
  const today = todayIso();
  if (v > today) return fail(ctx, 'date_in_future', v);
  // spec 9: documents not older than 3 months
  if (v < isoMinus(today, { months: 3 })) fail(ctx, 'document_too_old', v);
});
