import type {
  AddressView,
  addressInputSchema,
  CustomerResource,
  customerUpdateSchema,
} from '@token/domain/accounts';
import type { CustomerDocumentResource, DocumentPurpose, DocumentType } from '@token/domain/documents';
import type {
  companyDataSchema,
  UboUserView,
  uboUserInputSchema,
  uboUserPatchSchema,
} from '@token/domain/profile';
import type { CountryView, CurrencyView } from '@token/domain/reference';
import type { z } from 'zod';

/*
 * The resources of the onboarding contract under the names the self-disclosure uses: each is the
 * domain's view or input schema (convention 6), never a twin. Inputs are the schemas' input types
 * (what a client sends, before the API's normalisation).
 */

/** GET/PUT customers/{uuid}: the customer record with the onboarding fields and `onboarding`. */
export type OnboardingCustomer = CustomerResource;

/** PUT customers/{uuid}: the account fields and the spec 3 personal profile (only the fields sent). */
export type PersonalDataInput = z.input<typeof customerUpdateSchema>;

/** PUT companies/{uuid}: the whole company form. */
export type CompanyDataInput = z.input<typeof companyDataSchema>;

export type Address = AddressView;
export type AddressKind = Address['kind'];
/** POST/PUT addresses. */
export type AddressInput = z.input<typeof addressInputSchema>;

/** GET countries / currencies (reference data, names in the visitor's language). */
export type Country = CountryView;
export type Currency = CurrencyView;

/** Contract `UboUser`: a representative or beneficial owner of a company account. */
export type UboUser = UboUserView;
/** POST ubo-users. */
export type UboUserInput = z.input<typeof uboUserInputSchema>;
/** PATCH ubo-users/{id} (merge-patch: only the fields sent change, null clears). */
export type UboUserPatch = z.input<typeof uboUserPatchSchema>;

/** Contract `CustomerDocument`. */
export type CustomerDocument = CustomerDocumentResource;
export type { DocumentPurpose, DocumentType };
