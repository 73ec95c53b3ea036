import { z } from 'zod';
import { documentScopes, documentTypes } from '../documents/documents.ts';
import { erasureStates } from '../privacy/erasure-state.ts';
import { retainedCategorySchema } from '../privacy/views.ts';
import { uboUserViewSchema } from '../profile/views.ts';
import { customerDecisions } from './decisions.ts';

/**
 * What the operator API (`/api/v2/admin/`) answers (convention 6): the review queue, a customer's
 * whole file, the audit log. Field names follow the shop's resources (onboarding contract) where
 * the same thing is shown; states stay strings, so a value another part adds later still shows.
 */

/**
 * Why a customer waits in the review queue:
 * - `onboarding_complete`: identified (the last onboarding step, spec 2 order) and not yet
 *   approved, asked for more information or banned;
 * - `follow_up_answered`: asked for more information and answered since (a message to the platform
 *   or a new document);
 * - `identification_review`: the latest identification is in the partner's review;
 * - `professional_request`: a request to be classified as a professional client is open.
 */
export const queueReasons = [
  'onboarding_complete',
  'follow_up_answered',
  'identification_review',
  'professional_request',
] as const;
export type QueueReason = (typeof queueReasons)[number];

/** Which customers the list shows: the review queue, or every customer (to find a banned one). */
export const customerListScopes = ['queue', 'all'] as const;
export type CustomerListScope = (typeof customerListScopes)[number];

const timestamp = z.string().describe('ISO 8601');
const isoDate = z.string().describe('YYYY-MM-DD');

/** One row of the review queue. */
export const reviewQueueItemSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  accountType: z.enum(['personal', 'company']),
  companyName: z.string().nullable(),
  status: z.string().nullable(),
  cryptoRegistrarStatus: z.string().nullable(),
  kycPassed: z.boolean(),
  /** The latest identification's state, null when none was started. */
  kycState: z.string().nullable(),
  hasWallet: z.boolean(),
  reasons: z.array(z.enum(queueReasons)),
  /** Since when the oldest of its reasons applies (the queue is served oldest first); null when none does. */
  waitingSince: timestamp.nullable(),
  createdAt: timestamp,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** Who did something: an operator, or null for the platform itself (a partner's webhook). */
export const actorSchema = z.object({ uuid: z.uuid(), fullName: z.string(), email: z.string() });
export type Actor = z.infer<typeof actorSchema>;

/** The personal and company data of a customer as the operator sees it (spec 3 spellings). */
export const reviewedCustomerSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  accountType: z.enum(['personal', 'company']),
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  locale: z.enum(['de', 'en']),
  verified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  customerRolesAsString: z.array(z.string()),
  status: z.string().nullable(),
  cryptoRegistrarStatus: z.string().nullable(),
  kycPassed: z.boolean(),
  followUpMessage: z.string().nullable(),
  followUpSeenAt: timestamp.nullable(),
  birthDate: isoDate.nullable(),
  birthCity: z.string().nullable(),
  birthCountry: z.string().nullable(),
  nationality: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  notPep: z.boolean().nullable(),
  actingOnOwnAccount: z.boolean().nullable(),
  representativeConfirmation: z.boolean().nullable(),
  representative_role: z.string().nullable(),
  paysChurchTax: z.boolean().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  beneficiary: z.string().nullable(),
  bankCountry: z.string().nullable(),
  bankCurrency: z.string().nullable(),
  companyName: z.string().nullable(),
  companyType: z.string().nullable(),
  taxnumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  registryNumber: z.string().nullable(),
  court: z.string().nullable(),
  foundingDate: isoDate.nullable(),
  ethAddress: z.string().nullable(),
  migrationState: z.number().nullable(),
  createdAt: timestamp,
});
export type ReviewedCustomer = z.infer<typeof reviewedCustomerSchema>;

export const reviewedAddressSchema = z.object({
  id: z.number(),
  kind: z.enum(['personal', 'company']),
  isDefault: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string().nullable(),
});

/** A stored file; `downloadUrl` is the operator's route (`GET /api/v2/admin/files/{uuid}`). */
export const reviewedFileSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  size: z.number(),
  mediaType: z.string(),
  downloadUrl: z.string(),
});
export type ReviewedFile = z.infer<typeof reviewedFileSchema>;

export const reviewedDocumentSchema = z.object({
  id: z.number(),
  type: z.enum(documentTypes),
  purpose: z.string(),
  scope: z.enum(documentScopes),
  issuedAt: isoDate,
  createdAt: timestamp,
  file: reviewedFileSchema,
});

export const reviewedIdentificationSchema = z.object({
  id: z.number(),
  provider: z.string(),
  state: z.string(),
  stateAsString: z.string(),
  /** `kycDisplayOf(state)`, or null for a state the table does not know. */
  display: z.string().nullable(),
  /** The partner's own result code (IDnow: SUCCESS, FRAUD_SUSPICION_CONFIRMED, …). */
  partnerResult: z.string().nullable(),
  /** What the partner confirmed or changed, as it reported it. */
  result: z.unknown(),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
});

export const reviewedQuestionnaireSchema = z.object({
  id: z.number(),
  type: z.string(),
  version: z.string(),
  answers: z.unknown(),
  grade: z.number(),
  result: z.string(),
  warningsShown: z.array(z.string()),
  warningsAcknowledged: z.boolean(),
  warningsAcknowledgedAt: timestamp.nullable(),
  createdAt: timestamp,
  /** Answered again since: kept for the compliance file. */
  deletedAt: timestamp.nullable(),
});

export const reviewedWalletSchema = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  address: z.string(),
  defaultWallet: z.boolean(),
  createdAt: timestamp,
});

export const reviewedProfessionalRequestSchema = z.object({
  id: z.number(),
  status: z.enum(['requested', 'approved', 'refused', 'withdrawn']),
  /** The WpHG § 67 (6) criteria the customer stated, as sent. */
  criteria: z.unknown(),
  reason: z.string().nullable(),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
  decidedBy: actorSchema.nullable(),
  files: z.array(reviewedFileSchema.extend({ criterion: z.string() })),
});
export type ReviewedProfessionalRequest = z.infer<typeof reviewedProfessionalRequestSchema>;

/** A decision button: whether it can be taken now, else why not (a catalogue code). */
export const decisionOptionSchema = z.object({
  decision: z.enum(customerDecisions),
  blocker: z.string().nullable(),
});

/**
 * The customer's erasure request (GDPR Art. 17, decision 024) as their file shows it: the confirmed
 * one if any (the customer is then a locked pseudonymous stub), else the latest. `retained`: what
 * the erasure kept by law, each category with its end and when the retention job purged it; empty
 * until confirmed.
 */
export const customerErasureSchema = z.object({
  state: z.enum(erasureStates),
  requestedAt: timestamp,
  decidedAt: timestamp.nullable(),
  retained: z.array(retainedCategorySchema.extend({ purgedAt: timestamp.nullable() })),
});
export type CustomerErasure = z.infer<typeof customerErasureSchema>;

/** GET admin/customers/{uuid}: everything the review needs about one customer. */
export const customerFileSchema = z.object({
  customer: reviewedCustomerSchema,
  addresses: z.array(reviewedAddressSchema),
  uboUsers: z.array(uboUserViewSchema),
  documents: z.array(reviewedDocumentSchema),
  identifications: z.array(reviewedIdentificationSchema),
  questionnaires: z.array(reviewedQuestionnaireSchema),
  wallets: z.array(reviewedWalletSchema),
  professionalRequests: z.array(reviewedProfessionalRequestSchema),
  queueReasons: z.array(z.enum(queueReasons)),
  decisions: z.array(decisionOptionSchema),
  /** Null when the customer never asked for erasure. */
  erasure: customerErasureSchema.nullable(),
});
export type CustomerFile = z.infer<typeof customerFileSchema>;

/** One row of the append-only compliance audit log (who, when, what, why). */
export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: timestamp,
  actor: actorSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** What a decision answers: the customer's new state and the audit row it wrote. */
export const decisionResultSchema = z.object({
  customer: z.object({
    uuid: z.uuid(),
    status: z.string().nullable(),
    followUpMessage: z.string().nullable(),
    customerRolesAsString: z.array(z.string()),
  }),
  auditEntry: auditEntrySchema,
});
export type DecisionResult = z.infer<typeof decisionResultSchema>;

/** GET admin/me: the operator. */
export const operatorViewSchema = actorSchema;
export type OperatorView = z.infer<typeof operatorViewSchema>;

/** POST admin/files/{uuid}/link: a short-lived address that opens the file in a new browser tab. */
export const fileLinkSchema = z.object({ url: z.string(), expiresAt: timestamp });
export type FileLink = z.infer<typeof fileLinkSchema>;
