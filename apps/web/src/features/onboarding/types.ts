import type { AddressView, CustomerResource } from '@token/domain/accounts';
import type { OnboardingStatus } from './onboarding-status.ts';

/*
 * The resources of the onboarding contract (docs/helpers/onboarding-contract.md) as the web reads
 * them. TEMPORARY twins of the domain's view schemas (convention 6), which the API parts of issue 7
 * are writing; the lead replaces these by the domain types when they meet.
 */

/** The customer record with the contract's additions (optional: an older API leaves them out). */
export type OnboardingCustomer = CustomerResource &
  Partial<{
    birthDate: string | null;
    birthday: string | null;
    birthCity: string | null;
    birthCountry: string | null;
    nationality: string | null;
    iban: string | null;
    bic: string | null;
    bankName: string | null;
    beneficiary: string | null;
    bankCountry: string | null;
    bankCurrency: string | null;
    taxnumber: string | null;
    vatNumber: string | null;
    registryNumber: string | null;
    court: string | null;
    foundingDate: string | null;
    notPep: boolean | null;
    actingOnOwnAccount: boolean | null;
    representativeConfirmation: boolean | null;
    representative_role: string | null;
    paysChurchTax: boolean | null;
    followUpMessage: string | null;
    onboarding: OnboardingStatus;
  }>;

/** PUT customers/{uuid}: the personal-profile fields of the contract. */
export type PersonalDataInput = {
  salutation?: 'ms' | 'mr' | 'mx' | null;
  title?: string | null;
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  birthCity?: string;
  birthCountry?: string;
  nationality?: string;
  mobileNumber?: string;
  iban?: string;
  bic?: string;
  bankName?: string;
  beneficiary?: string;
  bankCountry?: string;
  bankCurrency?: string;
  notPep?: boolean;
  actingOnOwnAccount?: boolean;
};

/** PUT companies/{uuid}: the company fields of the contract. */
export type CompanyDataInput = {
  companyName: string;
  companyType: string;
  taxnumber: string;
  vatNumber: string | null;
  registryNumber: string | null;
  court: string | null;
  foundingDate: string;
  iban: string;
  bic: string;
  bankName: string;
  beneficiary: string;
  bankCountry: string;
  bankCurrency: string;
};

export type Address = AddressView;
export type AddressKind = Address['kind'];
export type AddressInput = {
  kind: AddressKind;
  firstName: string;
  lastName: string;
  company?: string | null;
  countryCode: string;
  street: string;
  city: string;
  postcode: string;
};

export type Country = { id: number; code: string; name: string; enabled: boolean };
export type Currency = { id: number; code: string; name: string };

/** Contract `UboUser`: a representative or beneficial owner of a company account. */
export type UboUser = {
  id: number;
  type: 'natural' | 'legal';
  /** 10 authorised representative, 60/61 beneficial owner, 70 legal representative. */
  roles: number[];
  isUser: boolean;
  firstName: string | null;
  lastName: string | null;
  birthdate: string | null;
  birthplace: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  nationality: string | null;
  pep: boolean;
  equityShares: number | null;
  votingShares: number | null;
  companyName: string | null;
  companyType: string | null;
  registerNumber: string | null;
  representativeRoles: string[];
  memberOfRepresentativeBody: boolean;
  fictitiousBeneficialOwner: boolean;
  powerOfAttorney: boolean;
  paysChurchTax: boolean;
  representativeSent: boolean;
};

/** The fields a client sends for a UBO person (POST ubo-users, PATCH ubo-users/{id}). */
export type UboUserInput = Partial<Omit<UboUser, 'id' | 'isUser' | 'representativeSent'>>;

/** spec 3 UBO document purposes (schema `documentPurposes`). */
export const documentPurposes = [
  'commercial_register_excerpt',
  'shareholder_list',
  'shareholder_agreement',
  'transparency_register_excerpt',
  'proof_of_power_of_attorney',
] as const;
export type DocumentPurpose = (typeof documentPurposes)[number];
export type DocumentType = 'registry_excerpt' | 'ubo';

/** Contract `CustomerDocument`. */
export type CustomerDocument = {
  id: number;
  type: DocumentType;
  purpose: DocumentPurpose;
  issuedAt: string;
  scope: 'customer' | 'company';
  file: { uuid: string; name: string; size: number; mediaType: string };
  downloadUrl: string;
  createdAt: string;
};
