import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { publicProfileInputFields, socialNetworks } from '../marketplace/profiles.ts';
import { onboardingViewSchema } from '../onboarding/views.ts';
import { companyDataSchema } from '../profile/company.ts';
import { e164MobileNumberSchema } from '../profile/fields.ts';
import { personalDataFields } from '../profile/personal.ts';
import { representativeRoles } from '../profile/ubo.ts';
import { accountTypes, companyTypes, salutations } from './kinds.ts';
import { violation } from './schemas.ts';

/**
 * The customer record of spec 3 as the API answers it (GET customers/{uuid}); relations are IRIs.
 * The onboarding issue adds the personal-profile and bank fields.
 */
export const customerResourceSchema = z.object({
  id: z.number(),
  uuid: z.uuid(),
  email: z.string(),
  salutation: z.enum(salutations).nullable(),
  title: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  profileName: z.string().nullable(),
  profileDescription: z.string().nullable(),
  /** spec 3 `profileImage`: the public path of the customer's avatar (a ready public image), or null. */
  profileImage: z.string().nullable(),
  /** spec 3 public profile: the name shown publicly, website and social links. */
  displayName: z.string().nullable(),
  website: z.string().nullable(),
  socialLinks: z.array(z.object({ network: z.enum(socialNetworks), url: z.string() })),
  mobileNumber: z.string().nullable(),
  accountType: z.enum(accountTypes),
  companyName: z.string().nullable(),
  companyType: z.enum(companyTypes).nullable(),
  locale: z.enum(['de', 'en']),
  subscribedToNewsletter: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** spec 3 names the flag both ways. */
  enabled2Fa: z.boolean(),
  verified: z.boolean(),
  customerRolesAsString: z.array(z.string()),
  status: z.string().nullable(),
  cryptoRegistrarStatus: z.string().nullable(),
  kycPassed: z.boolean(),
  tokenAmount: z.number(),
  referralCode: z.string().nullable(),
  referralLink: z.string().nullable(),
  /** spec 3: a referral partner, i.e. either commission is above 0 (set by the platform). */
  referralPartner: z.boolean(),
  referralCommissionPerPaidOrder: z.number(),
  referralCommissionPerRegisteredCustomer: z.number(),
  /** IRI `/api/v2/shop/addresses/{id}` or null. */
  defaultAddress: z.string().nullable(),
  /** The address of the customer's default wallet (EIP-55), or null without a wallet. */
  defaultWallet: z.string().nullable(),
  createdAt: z.string(),
  // spec 3 personal profile (spellings as spec 3 writes them)
  /** `YYYY-MM-DD`; the same day as `birthday`. */
  birthDate: z.string().nullable(),
  birthday: z.string().nullable(),
  birthCity: z.string().nullable(),
  birthCountry: z.string().nullable(),
  nationality: z.string().nullable(),
  /** Electronic format (no spaces). */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  /** The account holder. */
  beneficiary: z.string().nullable(),
  bankCountry: z.string().nullable(),
  bankCurrency: z.string().nullable(),
  notPep: z.boolean().nullable(),
  actingOnOwnAccount: z.boolean().nullable(),
  representativeConfirmation: z.boolean().nullable(),
  representative_role: z.enum(representativeRoles).nullable(),
  paysChurchTax: z.boolean().nullable(),
  ethAddress: z.string().nullable(),
  // spec 3 company (inside the user record)
  taxnumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  registryNumber: z.string().nullable(),
  /** The registry court. */
  court: z.string().nullable(),
  foundingDate: z.string().nullable(),
  // platform-managed
  /** spec 4: 0 = migration from the former platform needed; null = nothing to migrate. */
  migrationState: z.number().nullable(),
  migrationError: z.string().nullable(),
  /** The message of the last "more information needed" request. */
  followUpMessage: z.string().nullable(),
  /** Where the customer stands in the self-disclosure (the one entry gate, `@token/domain/onboarding`). */
  onboarding: onboardingViewSchema,
});
export type CustomerResource = z.infer<typeof customerResourceSchema>;

/** The record as services return it: ids instead of IRIs. */
export type CustomerView = Omit<CustomerResource, 'defaultAddress'> & { defaultAddressId: number | null };

/** Fields of the record the platform manages: ignored when a client sends them back (PUT). */
export const customerReadOnlyFields = [
  'id',
  'uuid',
  'email',
  'fullName',
  'accountType',
  'companyName',
  'companyType',
  'twoFactorEnabled',
  'enabled2Fa',
  'verified',
  'customerRolesAsString',
  'status',
  'cryptoRegistrarStatus',
  'kycPassed',
  'tokenAmount',
  'referralCode',
  'referralLink',
  'referralPartner',
  'referralCommissionPerPaidOrder',
  'referralCommissionPerRegisteredCustomer',
  'defaultAddress',
  'defaultWallet',
  'createdAt',
  // company data change through PUT companies/{uuid}
  'taxnumber',
  'vatNumber',
  'registryNumber',
  'court',
  'foundingDate',
  'migrationState',
  'migrationError',
  'followUpMessage',
  'onboarding',
] as const satisfies readonly (keyof CustomerResource)[];

/** spec 5: a mobile number in international format (+49 …). */
export const mobileNumberSchema = z
  .string()
  .trim()
  .max(32)
  .refine((v) => v === '' || (v.startsWith('+') && isValidPhoneNumber(v)), violation('invalid_mobile'));

const optionalText = (max: number) => z.string().trim().max(max);

/**
 * What a customer may change of their record (PUT customers/{uuid}): the account fields and the
 * spec 3 personal profile (`personalDataFields`); managed fields sent back are ignored. Every field
 * is optional, so each page saves its part. The mobile number is stored E.164.
 */
/** A media file's IRI as `PUT customers/{uuid}` takes it for `profileImage`. */
export const profileImageIriPattern = /^\/api\/v2\/shop\/media-files\/([1-9]\d{0,9})$/;

export const customerUpdateSchema = z.strictObject({
  salutation: z.enum(salutations).nullable().optional(),
  title: optionalText(50).nullable().optional(),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  mobileNumber: e164MobileNumberSchema.nullable().optional(),
  // spec 3 public profile: display name, user name (3-30 letters, digits, . _ -), bio, website, links
  ...publicProfileInputFields,
  /**
   * The avatar: the IRI of the customer's own uploaded image (`POST media-files/presign`, public),
   * `/api/v2/shop/media-files/{id}`; null removes it. The read's own path sent back changes nothing.
   */
  profileImage: z.string().max(500).nullable().optional(),
  subscribedToNewsletter: z.boolean().optional(),
  locale: z.enum(['de', 'en']).optional(),
  ...personalDataFields,
  ...(Object.fromEntries(customerReadOnlyFields.map((f) => [f, z.unknown().optional()])) as Record<
    (typeof customerReadOnlyFields)[number],
    z.ZodOptional<z.ZodUnknown>
  >),
});
export type CustomerUpdateInput = z.infer<typeof customerUpdateSchema>;

/**
 * PUT companies/{uuid}: the whole company form (name, type, tax and VAT number, register number and
 * court, founding date, bank account), see `companyDataSchema` in `@token/domain/profile`.
 */
export const companyUpdateSchema = companyDataSchema;
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

/** spec 3 address (POST/PUT addresses). */
export const addressInputSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  company: z.string().trim().max(200).nullable().optional(),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/),
  street: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  postcode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9 -]+$/),
  phoneNumber: mobileNumberSchema.nullable().optional(),
  /** `company` for the company's address (GET addresses/company). */
  kind: z.enum(['personal', 'company']).optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressViewSchema = z.object({
  id: z.number(),
  kind: z.enum(['personal', 'company']),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  countryCode: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  phoneNumber: z.string().nullable(),
});
export type AddressView = z.infer<typeof addressViewSchema>;

/** An active session as the account page lists it. */
export const sessionViewSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
