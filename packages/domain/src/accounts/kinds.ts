/*
 * The account kinds as plain lists, apart from the zod schemas (schemas.ts): a page that names them
 * (sign-up's company types) does not load zod with them (decision 021).
 */

/** spec 3: account type natural person (`personal`) or legal person (`company`). */
export const accountTypes = ['personal', 'company'] as const;
export type AccountType = (typeof accountTypes)[number];

/** spec 3 company types, as stable codes; the web shows their de/en names. */
export const companyTypes = [
  'public_company',
  'registered_cooperative',
  'limited_liability_company',
  'small_limited_company',
  'limited_liability_limited_partnership',
  'limited_partnership',
  'limited_company',
  'foundation',
] as const;
export type CompanyType = (typeof companyTypes)[number];

/** spec 3: salutation Ms/Mr/Mx. */
export const salutations = ['ms', 'mr', 'mx'] as const;
export type Salutation = (typeof salutations)[number];
