import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mediaFiles } from './media.ts';

/**
 * Customers: investors and creators (creators seeded without credentials). Credentials, two-factor
 * state and the fields of spec 3 that the platform manages (verified, roles, statuses, commissions)
 * live here; sessions, one-time tokens and addresses have their own tables (accounts.ts).
 */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    /** Stored trimmed and in lower case. */
    email: text().notNull().unique(),
    /** argon2id (PHC string); null for accounts that cannot log in (seeded creators). */
    passwordHash: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** Set when the e-mail address was confirmed; login needs it. */
    verifiedAt: timestamp({ withTimezone: true }),
    /** The language of the customer's mails. */
    locale: text({ enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    salutation: text({ enum: ['ms', 'mr', 'mx'] }),
    title: text(),
    firstName: text(),
    lastName: text(),
    mobileNumber: text(),
    profileName: text().unique(),
    profileDescription: text(),
    /** spec 3 public profile: the name a creator shows (never the legal names), website, social links. */
    displayName: text(),
    website: text(),
    socialLinks: jsonb().$type<{ network: string; url: string }[]>().notNull().default([]),
    accountType: text({ enum: ['personal', 'company'] })
      .notNull()
      .default('personal'),
    companyName: text(),
    companyType: text(),
    subscribedToNewsletter: boolean().notNull().default(false),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    /** Own referral code (spec 1: a personal referral link); null for seeded creators. */
    referralCode: text().unique(),
    referredById: integer().references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    /** spec 3: commissions in cents, set by the platform. */
    referralCommissionPerPaidOrder: integer().notNull().default(0),
    referralCommissionPerRegisteredCustomer: integer().notNull().default(0),
    /** spec 6: role names such as `professional_investor` (customerRolesAsString). */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    /** Customer status (`approved`, `follow_up`, …); null while not yet checked. Onboarding sets it. */
    status: text(),
    cryptoRegistrarStatus: text(),
    kycPassed: boolean().notNull().default(false),
    tokenAmount: bigint({ mode: 'number' }).notNull().default(0),
    /** The message of the last follow-up (more information needed), shown in the customer's banner. */
    followUpMessage: text(),
    /** When the customer was led to /contact for the current follow-up (spec 2: "leads once"). */
    followUpSeenAt: timestamp({ withTimezone: true }),
    /** spec 3 personal profile. */
    birthDate: date({ mode: 'string' }),
    birthCity: text(),
    /** ISO 3166-1 alpha-2 codes from the reference data. */
    birthCountry: text(),
    nationality: text(),
    /** PEP declaration: true = not a politically exposed person; null = not yet answered. */
    notPep: boolean(),
    /** Declares acting on own account (GwG); null = not yet answered. */
    actingOnOwnAccount: boolean(),
    /** spec 3: confirmation of the representative (PEP page reading). */
    representativeConfirmation: boolean(),
    representativeRole: text(),
    paysChurchTax: boolean(),
    /** Bank account (personal account, or the company's). IBAN stored electronic format (no spaces). */
    iban: text(),
    bic: text(),
    bankName: text(),
    beneficiary: text(),
    bankCountry: text(),
    bankCurrency: text(),
    /** Company data (spec 3 company inside the user record). */
    taxNumber: text(),
    vatNumber: text(),
    registryNumber: text(),
    /** The registry court (spec 3 `court`). */
    court: text(),
    foundingDate: date({ mode: 'string' }),
    /** The address of a connected wallet extension (spec 3 ethAddress), EIP-55. */
    ethAddress: text(),
    /** spec 4: 0 = migration from the former platform needed; null = nothing to migrate. */
    migrationState: integer(),
    migrationError: text(),
    defaultAddressId: integer().references((): AnyPgColumn => addresses.id, { onDelete: 'set null' }),
    twoFactorEnabled: boolean().notNull().default(false),
    /** TOTP secrets, AES-256-GCM encrypted (key derived from APP_SECRET). */
    twoFactorSecret: text(),
    /** A secret handed out by GET 2fa/qr-code and not yet confirmed. */
    twoFactorPendingSecret: text(),
    /** The last accepted TOTP time step: a code is accepted once (replay refused). */
    twoFactorLastStep: bigint({ mode: 'number' }),
    twoFactorFailures: integer().notNull().default(0),
    twoFactorLockedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.createdAt),
    // A company name is taken once (spec 8 'The company name already exists'), whatever its case.
    uniqueIndex('customers_company_name_unique')
      .on(sql`lower(${t.companyName})`)
      .where(sql`${t.companyName} is not null`),
  ],
);

/** spec 3 address; `kind` separates the personal from the company address. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references((): AnyPgColumn => customers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['personal', 'company'] })
      .notNull()
      .default('personal'),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text(),
    countryCode: text().notNull(),
    street: text().notNull(),
    city: text().notNull(),
    postcode: text().notNull(),
    phoneNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId, t.kind)],
);

export const customerMediaFiles = pgTable(
  'customer_media_files',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mediaFileId: integer()
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    /** spec 3: avatar, gallery, banner and other types. */
    type: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.mediaFileId] })],
);
