import { z } from 'zod';
import { dataExportStates, erasureStates } from './erasure-state.ts';
import { retentionCategories } from './retention.ts';

const timestamp = z.string().describe('ISO 8601');
const isoDate = z.string().describe('YYYY-MM-DD');

/**
 * Re-authentication before a data-protection request (regulatory notes: re-authenticate before
 * sensitive changes): the password, and the two-factor code when two-factor is on.
 */
export const privacyReauthSchema = z.strictObject({
  password: z.string().min(1).max(1024),
  code: z.string().trim().max(32).optional(),
});
export type PrivacyReauth = z.infer<typeof privacyReauthSchema>;

/** POST customers/{uuid}/data-exports. */
export const dataExportInputSchema = privacyReauthSchema;
export type DataExportInput = z.infer<typeof dataExportInputSchema>;

/** POST customers/{uuid}/erasure-requests: re-authentication, optionally why. */
export const erasureRequestInputSchema = privacyReauthSchema.extend({
  reason: z.string().trim().max(2000).optional(),
});
export type ErasureRequestInput = z.infer<typeof erasureRequestInputSchema>;

/** The operator's refusal: the reason is mailed to the customer. */
export const refuseErasureInputSchema = z.strictObject({ reason: z.string().trim().min(10).max(2000) });
export type RefuseErasureInput = z.infer<typeof refuseErasureInputSchema>;
export const confirmErasureInputSchema = z.strictObject({ reason: z.string().trim().max(2000).nullish() });
export type ConfirmErasureInput = z.infer<typeof confirmErasureInputSchema>;

/** One data export of the customer. */
export const dataExportViewSchema = z.object({
  id: z.uuid(),
  state: z.enum(dataExportStates),
  requestedAt: timestamp,
  readyAt: timestamp.nullable(),
  /** Until when the file can be downloaded. */
  expiresAt: timestamp.nullable(),
  size: z.number().int().nullable(),
});
export type DataExportView = z.infer<typeof dataExportViewSchema>;

/** A signed link to download an export (valid a few minutes). */
export const dataExportLinkSchema = z.object({ url: z.string(), expiresAt: timestamp });

/** What an erasure keeps, by category, with its legal basis and end (null: with the register). */
export const retainedCategorySchema = z.object({
  category: z.enum(retentionCategories),
  legalBasis: z.string(),
  retainUntil: isoDate.nullable(),
});

/** The customer's erasure request as the customer sees it. */
export const erasureRequestViewSchema = z.object({
  id: z.uuid(),
  state: z.enum(erasureStates),
  reason: z.string().nullable(),
  requestedAt: timestamp,
  decidedAt: timestamp.nullable(),
  /** The operator's reason of a refusal (mailed to the customer as well). */
  refusalReason: z.string().nullable(),
});
export type ErasureRequestView = z.infer<typeof erasureRequestViewSchema>;

/** An erasure request in the operator's list. */
export const erasureRequestAdminViewSchema = erasureRequestViewSchema.extend({
  customer: z.object({
    uuid: z.uuid(),
    /** Name and e-mail while the request is open; the pseudonym after the erasure. */
    email: z.string(),
    fullName: z.string(),
  }),
  /** What keeps the customer from being erased now (null: nothing). */
  blocker: z.enum(['erasure_open_positions', 'erasure_unpaid_orders']).nullable(),
  openPositions: z.object({
    tokensHeld: z.number().int(),
    unpaidOrders: z.number().int(),
    ordersToMint: z.number().int(),
    pendingPayouts: z.number().int(),
  }),
  decidedBy: z.string().nullable(),
  retained: z.array(retainedCategorySchema),
});
export type ErasureRequestAdminView = z.infer<typeof erasureRequestAdminViewSchema>;
