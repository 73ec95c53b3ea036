import type { AccountType } from '../accounts/kinds.ts';
import { isBlank } from '../errors/index.ts';

/**
 * spec 5 "Data completeness": which fields of the personal and the company data are still empty.
 * Two readings of the product keep two lists (spec: both readings are kept): the investment reading
 * drives the entry gate; the marketplace reading is its own answer for the marketplace screens.
 * Field names are the customer resource's (contract spellings: `taxnumber`, `birthDate`); address
 * fields are prefixed `address.` (the address is its own resource, `POST addresses`).
 */

export const dataReadings = ['investment', 'marketplace'] as const;
export type DataReading = (typeof dataReadings)[number];

/** An address as completeness reads it (spec 3 address). */
export type AddressFacts = {
  street: string | null;
  city: string | null;
  postcode: string | null;
  countryCode: string | null;
};

/** The personal data a completeness check reads (spec 3 personal profile). */
export type PersonalDataFacts = {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  mobileNumber: string | null;
  bankName: string | null;
  beneficiary: string | null;
  bic: string | null;
  iban: string | null;
  /** spec 5 marketplace reading: the PEP confirmation as a filled check. */
  representativeConfirmation: boolean | null;
  /** The customer's default (personal) address; null when none was given. */
  address: AddressFacts | null;
};

/** The company data a completeness check reads (spec 3 company inside the user record). */
export type CompanyDataFacts = {
  companyName: string | null;
  companyType: string | null;
  taxnumber: string | null;
  vatNumber: string | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  beneficiary: string | null;
  bankCountry: string | null;
  bankCurrency: string | null;
  /** spec 5 "birth day" of a company = its founding date. */
  foundingDate: string | null;
  /** spec 5 marketplace reading: the profile description. */
  profileDescription: string | null;
  /** The company address (`POST addresses {kind: 'company'}`); null when none was given. */
  address: AddressFacts | null;
};

export const addressFields = [
  'address.street',
  'address.city',
  'address.postcode',
  'address.countryCode',
] as const;
export type AddressField = (typeof addressFields)[number];

/** spec 5: names, birthday, address street/city/postcode/country, mobile number. */
const personalCommonFields = [
  'firstName',
  'lastName',
  'birthDate',
  ...addressFields,
  'mobileNumber',
] as const;
/** spec 5: "for personal accounts, bank name, beneficiary, bic, iban" (a company's bank is the company's). */
const personalBankFields = ['bankName', 'beneficiary', 'bic', 'iban'] as const;

export type PersonalDataField =
  | (typeof personalCommonFields)[number]
  | (typeof personalBankFields)[number]
  | 'representativeConfirmation';

/** spec 5 company data, investment reading, in the form's order. */
export const companyInvestmentFields = [
  'companyName',
  'companyType',
  'taxnumber',
  'iban',
  ...addressFields,
  'bankCountry',
  'bankCurrency',
  'bankName',
  'beneficiary',
  'bic',
  'foundingDate',
] as const;
/** spec 5 company data, marketplace reading. */
export const companyMarketplaceFields = [
  'companyName',
  'taxnumber',
  'vatNumber',
  'profileDescription',
  ...addressFields,
] as const;
export type CompanyDataField =
  | (typeof companyInvestmentFields)[number]
  | (typeof companyMarketplaceFields)[number];

function addressValue(address: AddressFacts | null, field: AddressField): string | null {
  if (!address) return null;
  return address[field.slice('address.'.length) as keyof AddressFacts];
}

/**
 * The personal-data fields still missing (spec 5 "Personal data complete"), in the form's order;
 * empty when complete. The marketplace reading also needs the PEP confirmation checked.
 */
export function missingPersonalData(
  data: PersonalDataFacts,
  opts: { accountType: AccountType; reading?: DataReading },
): PersonalDataField[] {
  const reading = opts.reading ?? 'investment';
  const fields: PersonalDataField[] = [
    ...personalCommonFields,
    ...(opts.accountType === 'personal' ? personalBankFields : []),
  ];
  const missing = fields.filter((field) =>
    isBlank(
      field.startsWith('address.')
        ? addressValue(data.address, field as AddressField)
        : data[field as keyof PersonalDataFacts],
    ),
  );
  // spec 5 marketplace reading: the PEP confirmation is "a filled check", i.e. it is ticked.
  if (reading === 'marketplace' && data.representativeConfirmation !== true) {
    missing.push('representativeConfirmation');
  }
  return missing;
}

/** spec 5: personal data complete (investment reading unless told otherwise). */
export function isPersonalDataComplete(
  data: PersonalDataFacts,
  opts: { accountType: AccountType; reading?: DataReading },
): boolean {
  return missingPersonalData(data, opts).length === 0;
}

/** The company-data fields still missing (spec 5 "Company data complete"), in the form's order. */
export function missingCompanyData(
  data: CompanyDataFacts,
  opts: { reading?: DataReading } = {},
): CompanyDataField[] {
  const fields =
    (opts.reading ?? 'investment') === 'investment' ? companyInvestmentFields : companyMarketplaceFields;
  return fields.filter((field) =>
    isBlank(
      field.startsWith('address.')
        ? addressValue(data.address, field as AddressField)
        : data[field as keyof CompanyDataFacts],
    ),
  );
}

/** spec 5: company data complete (investment reading unless told otherwise). */
export function isCompanyDataComplete(data: CompanyDataFacts, opts: { reading?: DataReading } = {}): boolean {
  return missingCompanyData(data, opts).length === 0;
}
