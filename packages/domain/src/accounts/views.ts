import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { accountTypes, companyNameSchema, companyTypes, salutations, violation } from './schemas.ts';

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
  referralCommissionPerPaidOrder: z.number(),
  referralCommissionPerRegisteredCustomer: z.number(),
  /** IRI `/api/v2/shop/addresses/{id}` or null. */
  defaultAddress: z.string().nullable(),
  /** The custody wallet's address; the onboarding issue fills it. */
  defaultWallet: z.string().nullable(),
  createdAt: z.string(),
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
  'referralCommissionPerPaidOrder',
  'referralCommissionPerRegisteredCustomer',
  'defaultAddress',
  'defaultWallet',
  'createdAt',
] as const satisfies readonly (keyof CustomerResource)[];

/** spec 5: a mobile number in international format (+49 …). */
export const mobileNumberSchema = z
  .string()
  .trim()
  .max(32)
  .refine((v) => v === '' || (v.startsWith('+') && isValidPhoneNumber(v)), violation('invalid_mobile'));

const optionalText = (max: number) => z.string().trim().max(max);

/** What a customer may change of their record (PUT customers/{uuid}); managed fields are ignored. */
export const customerUpdateSchema = z.strictObject({
  salutation: z.enum(salutations).nullable().optional(),
  title: optionalText(50).nullable().optional(),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  mobileNumber: mobileNumberSchema.nullable().optional(),
  profileName: z
    .string()
    .trim()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/)
    .nullable()
    .optional(),
  profileDescription: optionalText(1000).nullable().optional(),
  subscribedToNewsletter: z.boolean().optional(),
  locale: z.enum(['de', 'en']).optional(),
  ...Object.fromEntries(customerReadOnlyFields.map((f) => [f, z.unknown().optional()])),
});
export type CustomerUpdateInput = z.infer<typeof customerUpdateSchema>;

/** PUT companies/{uuid}: company name and type (the onboarding issue adds registry and bank data). */
export const companyUpdateSchema = z.object({
  companyName: companyNameSchema,
  companyType: z.enum(companyTypes),
});
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
