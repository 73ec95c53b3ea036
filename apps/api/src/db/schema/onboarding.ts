import { documentPurposes } from '@token/domain/documents';
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
import { customers } from './customers.ts';

/**
 * Onboarding (issue 7): the files a customer uploads, beneficial owners and representatives,
 * identifications with the KYC partner, custody wallets, answered questionnaires, professional
 * requests and the compliance audit log. The sandbox partners keep their own state in `sandbox_*`
 * tables: they stand in for the partner's systems, not for the platform's.
 */

/**
 * A file a customer uploaded (documents, professional evidence), kept on the storage port under a
 * random key outside the web root; downloaded by `uuid` (GET file/{uuid}/download) by its owner
 * and operators only.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Random key on the storage port; never derived from the uploaded name. */
    storageKey: text().notNull().unique(),
    /** The name the customer's file had, for display and the download's filename only. */
    originalName: text().notNull(),
    /** Judged from the bytes (file-type), never from the name. */
    mediaType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId)],
);

/** A customer document (spec 3): type `registry_excerpt` or `ubo`, a purpose and the document's date. */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** `customer` for the person's own documents, `company` for the company's (customer-documents/company). */
    scope: text({ enum: ['customer', 'company'] })
      .notNull()
      .default('customer'),
    type: text({ enum: ['registry_excerpt', 'ubo'] }).notNull(),
    purpose: text({ enum: documentPurposes }).notNull(),
    /** The date the document was issued (not older than 3 months when uploaded). */
    issuedAt: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId, t.purpose)],
);

/**
 * A person or company named by a company account (spec 3 UBO person): representatives (role 10
 * authorised representative, 70 legal representative) and beneficial owners (60, 61). Shares are in
 * hundredths of a percent (2550 = 25.50 %), so the GwG threshold compares exactly.
 */
export const uboUsers = pgTable(
  'ubo_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text({ enum: ['natural', 'legal'] })
      .notNull()
      .default('natural'),
    roles: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** The user themself (the person filling in the form) rather than another person. */
    isUser: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    birthDate: date({ mode: 'string' }),
    birthPlace: text(),
    street: text(),
    postcode: text(),
    city: text(),
    country: text(),
    nationality: text(),
    pep: boolean().notNull().default(false),
    equityShares: integer(),
    votingShares: integer(),
    companyName: text(),
    companyType: text(),
    registerNumber: text(),
    /** spec 3 representative roles (spouse, shareholder, heir, …). */
    representativeRoles: text().array().notNull().default(sql`'{}'::text[]`),
    /** spec 3 statements. */
    memberOfRepresentativeBody: boolean().notNull().default(false),
    fictitiousBeneficialOwner: boolean().notNull().default(false),
    powerOfAttorney: boolean().notNull().default(false),
    paysChurchTax: boolean().notNull().default(false),
    /** Set when the representative was sent (role 10 is then removed, spec 5). */
    representativeSentAt: timestamp({ withTimezone: true }),
    /**
     * The legal person of this list through which the entry holds its shares (GwG § 3 (2) deeper
     * levels: counts only when each link is controlled, > 50 %); null = shares in the company itself.
     */
    heldThroughId: integer().references((): AnyPgColumn => uboUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId)],
);

/**
 * An identification with the KYC partner. `state` is the spec 4 KYC state; `partnerResult` keeps the
 * partner's own result (IDnow: SUCCESS, SUCCESS_DATA_CHANGED, REVIEW_PENDING, FRAUD_SUSPICION_*, …).
 */
export const identifications = pgTable(
  'identifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** `sandbox` or `idnow`. */
    provider: text().notNull(),
    /** The partner's transaction id. */
    externalId: text().notNull(),
    state: text().notNull().default('new'),
    partnerResult: text(),
    urlKycStart: text().notNull(),
    /** What the partner confirmed or changed (names, birth date, nationality, document), as it reported. */
    result: jsonb(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.customerId, t.createdAt),
    uniqueIndex('identifications_provider_external_unique').on(t.provider, t.externalId),
  ],
);

/**
 * Every webhook a partner delivered, once: the unique (provider, eventId) pair makes a replayed or
 * repeated delivery a no-op (convention 4). A job processes it (`processedAt`).
 */
export const partnerEvents = pgTable(
  'partner_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    /** Why processing gave up (unknown transaction, unknown event type); the event is kept. */
    error: text(),
  },
  (t) => [uniqueIndex('partner_events_provider_event_unique').on(t.provider, t.eventId)],
);

/** The sandbox identification partner's own cases (what IDnow would keep on its side). */
export const sandboxKycCases = pgTable('sandbox_kyc_cases', {
  id: text().primaryKey(),
  /** The opaque reference the platform gave when it started the case. */
  reference: text().notNull(),
  /** The person as the platform sent it. */
  person: jsonb().notNull(),
  /** IDnow-like status: CREATED, STARTED (video call), then the reviewer's result. */
  status: text().notNull().default('CREATED'),
  result: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A wallet of the customer (spec 3): the custodial wallet (`custody`) or a connected one. */
export const wallets = pgTable(
  'wallets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    name: text().notNull(),
    /** EIP-55 checksummed address. */
    address: text().notNull(),
    defaultWallet: boolean().notNull().default(false),
    /** The custody partner and its wallet id (custodial wallets only). */
    provider: text(),
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.customerId),
    uniqueIndex('wallets_address_unique').on(sql`lower(${t.address})`),
    // One default wallet per customer.
    uniqueIndex('wallets_one_default').on(t.customerId).where(sql`${t.defaultWallet}`),
    // One custodial wallet per customer.
    uniqueIndex('wallets_one_custody').on(t.customerId).where(sql`${t.type} = 'custody'`),
  ],
);

/**
 * The sandbox custodian's own key store (what Tangany keeps in its HSM): a secp256k1 private key,
 * AES-256-GCM encrypted; never in an API answer or a log. `registrarStatus` is the crypto
 * registrar's verdict on the holder, reported back asynchronously.
 */
export const sandboxCustodyWallets = pgTable('sandbox_custody_wallets', {
  id: text().primaryKey(),
  reference: text().notNull(),
  address: text().notNull().unique(),
  encryptedPrivateKey: text().notNull(),
  registrarStatus: text().notNull().default('approval_required'),
  /** The wallet's name as Tangany 2.0 keys it (`wallet`); null for wallets opened before decision 030. */
  name: text().unique(),
  /** The sandbox customer owning the wallet (`sandbox_custody_customers.id`), as Tangany 2.0 requires. */
  customerId: text(),
  /** Tangany's `securityLevel` (1 or 2) the wallet was opened with. */
  securityLevel: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox custodian's customers (Tangany's Customers API): created before their wallets (decision 030). */
export const sandboxCustodyCustomers = pgTable('sandbox_custody_customers', {
  id: text().primaryKey(),
  /** The platform's opaque reference of the holder. */
  reference: text().notNull(),
  /** The owning person as the platform sent it. */
  person: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox custodian's entities (Tangany's Customers API `entities/natural-persons` and
 * `entities/legal-persons`): ids unique across both kinds, the body as the platform sent it.
 */
export const sandboxCustodyEntities = pgTable('sandbox_custody_entities', {
  id: text().primaryKey(),
  kind: text({ enum: ['natural_person', 'legal_person'] }).notNull(),
  /** The platform's opaque reference of the holder the entity was sent for. */
  reference: text().notNull(),
  data: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox custodian's request ids (`tangany-request-id`): the first answer under an id is kept with
 * its endpoint and a digest of its body; the same request again gets that answer, another body a 409.
 */
export const sandboxCustodyRequests = pgTable('sandbox_custody_requests', {
  requestId: text().primaryKey(),
  endpoint: text().notNull(),
  bodyDigest: text().notNull(),
  statusCode: integer().notNull(),
  response: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A questionnaire the customer answered (WpHG § 63 (10)): its type and version, the answers, the
 * grade the server computed, the warnings shown and whether they were acknowledged. Deleting one
 * (to answer again) keeps the record for the compliance file (`deletedAt`).
 */
export const answeredQuestionnaires = pgTable(
  'answered_questionnaires',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    version: text().notNull(),
    answers: jsonb().notNull(),
    grade: integer().notNull(),
    /** The outcome the grade means (`appropriate`, `warning`, `not_judgeable`, …). */
    result: text().notNull(),
    warningsShown: text().array().notNull().default(sql`'{}'::text[]`),
    warningsAcknowledgedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.customerId, t.type)],
);

/** A request to be classified as a professional client (WpHG § 67 (6)); an operator decides. */
export const professionalRequests = pgTable(
  'professional_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The § 67 (6) criteria the customer states, with their details. */
    criteria: jsonb().notNull(),
    status: text({ enum: ['requested', 'approved', 'refused', 'withdrawn'] })
      .notNull()
      .default('requested'),
    decidedById: integer().references(() => customers.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.customerId),
    // One open request per customer.
    uniqueIndex('professional_requests_one_open').on(t.customerId).where(sql`${t.status} = 'requested'`),
  ],
);

/** Evidence files attached to a professional request. */
export const professionalRequestFiles = pgTable(
  'professional_request_files',
  {
    requestId: integer()
      .notNull()
      .references(() => professionalRequests.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    criterion: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.fileId] })],
);

/**
 * Append-only log of compliance decisions (who, when, what, why); a trigger refuses UPDATE and
 * DELETE. `actorId` is null for the platform itself (a partner's webhook).
 */
export const complianceAuditLog = pgTable(
  'compliance_audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    actorId: integer().references(() => customers.id),
    action: text().notNull(),
    reason: text(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId, t.createdAt)],
);

/** Records of customers of the former platform, loaded by PUT customers/migration/{uuid}. */
export const legacyCustomerRecords = pgTable('legacy_customer_records', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Lower-case e-mail the record belongs to. */
  email: text().notNull().unique(),
  data: jsonb().notNull(),
  migratedAt: timestamp({ withTimezone: true }),
  customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
});
