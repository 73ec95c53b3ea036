import { z } from 'zod';
import { journalFaults } from './check.ts';
import { registerCauseSchema, registerEntryKinds } from './journal.ts';
import { disposalRestrictionKinds } from './restrictions.ts';

/*
 * The operator's views of a bond's register (issue 16, decision 016 "Operator"), under
 * /api/v2/admin/bonds/{code}/: the minting batch, the register with its holders and chain check, the
 * journal, reversals and the whitelist. Convention 6: the routes' response schemas derive from these.
 */

const isoDateTime = z.string().describe('ISO 8601');
const operatorReason = z.string().trim().min(3).max(1000);

/** A customer as the operator's lists name them. */
export const registerPartySchema = z.object({
  uuid: z.string(),
  /** Company name for a legal person, else first and last name (else the e-mail address). */
  name: z.string(),
  email: z.string(),
});
export type RegisterParty = z.infer<typeof registerPartySchema>;

/**
 * Where a paid order stands in the minting batch: `mintable` (tokens left to mint, the investor has a
 * custody wallet), `blocked` (tokens left, but no wallet to mint to), `queued` (the rest is in open
 * instructions), `minted` (the register holds all its tokens; the shipping state follows on confirmation).
 */
export const mintingOrderStatuses = ['mintable', 'blocked', 'queued', 'minted', 'refused'] as const;
export type MintingOrderStatus = (typeof mintingOrderStatuses)[number];

/** Why an order with tokens left is not minted. */
export const mintingBlockReasons = ['no_wallet'] as const;
export type MintingBlockReason = (typeof mintingBlockReasons)[number];

/** A mint instruction of the order that the registrar refused, with its reason. */
export const mintingRefusalViewSchema = z.object({
  /** The registrar instruction's id. */
  instruction: z.string(),
  idempotencyKey: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  refusedAt: isoDateTime.nullable(),
});
export type MintingRefusalView = z.infer<typeof mintingRefusalViewSchema>;

/** One paid, not wholly minted order of the bond (shipping `ready` or `partially_shipped`). */
export const mintingOrderViewSchema = z.object({
  order: z.object({ id: z.number().int(), number: z.string().nullable(), tokenValue: z.string() }),
  shippingState: z.enum(['ready', 'partially_shipped']),
  /** Tokens ordered. */
  quantity: z.number().int(),
  /** Tokens the journal holds for the order: its confirmed mints less those reversed. */
  minted: z.number().int(),
  /** Tokens in mint instructions the registrar has not answered yet. */
  inInstructions: z.number().int(),
  /** `quantity - minted - inInstructions` (never below 0): what a run would mint. */
  remaining: z.number().int(),
  investor: registerPartySchema.extend({ hasWallet: z.boolean() }),
  status: z.enum(mintingOrderStatuses),
  blockedReason: z.enum(mintingBlockReasons).nullable(),
  /** The registrar's refusals of the order's mint instructions, newest first. */
  refusals: z.array(mintingRefusalViewSchema),
});
export type MintingOrderView = z.infer<typeof mintingOrderViewSchema>;

const mintingTotalsSchema = z.object({
  orders: z.number().int(),
  quantity: z.number().int(),
  minted: z.number().int(),
  inInstructions: z.number().int(),
  remaining: z.number().int(),
  /** Orders and tokens a run would queue now. */
  mintableOrders: z.number().int(),
  mintableTokens: z.number().int(),
  /** Orders and tokens left to mint that wait for a wallet. */
  blockedOrders: z.number().int(),
  blockedTokens: z.number().int(),
  /** Orders and tokens whose latest mint the registrar refused (retried one by one). */
  refusedOrders: z.number().int(),
  refusedTokens: z.number().int(),
});

/** GET minting: the batch a run would make. */
export const mintingPreviewViewSchema = z.object({
  product: z.string(),
  orders: z.array(mintingOrderViewSchema),
  totals: mintingTotalsSchema,
});
export type MintingPreviewView = z.infer<typeof mintingPreviewViewSchema>;

/** One mint instruction a run queued. */
export const mintingQueuedViewSchema = z.object({
  order: z.object({ id: z.number().int(), number: z.string().nullable(), tokenValue: z.string() }),
  amount: z.number().int(),
  idempotencyKey: z.string(),
  /** The registrar instruction's id. */
  instruction: z.string(),
  investor: registerPartySchema,
});
export type MintingQueuedView = z.infer<typeof mintingQueuedViewSchema>;

/** POST minting: what the run queued (nothing when a run before it did), and the batch after it. */
export const mintingRunViewSchema = z.object({
  product: z.string(),
  queued: z.array(mintingQueuedViewSchema),
  queuedOrders: z.number().int(),
  queuedTokens: z.number().int(),
  preview: mintingPreviewViewSchema,
});
export type MintingRunView = z.infer<typeof mintingRunViewSchema>;

/** POST minting: an optional note for the audit log. */
export const mintingRunInputSchema = z.strictObject({ reason: operatorReason.optional() });
export type MintingRunInput = z.infer<typeof mintingRunInputSchema>;

/** POST minting/orders/{orderId}/retry: a refused order's remaining tokens in a new instruction. */
export const mintingRetryViewSchema = z.object({
  product: z.string(),
  queued: mintingQueuedViewSchema,
  /** The order as the batch shows it after the retry (`queued`). */
  order: mintingOrderViewSchema,
});
export type MintingRetryView = z.infer<typeof mintingRetryViewSchema>;

/**
 * A holder as eWpRV § 8 identifies them: a natural person by name, date of birth and residence, a legal
 * person by company name and seat.
 */
export const registerHolderIdentitySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('natural'),
    name: z.string(),
    birthDate: z.string().nullable().describe('YYYY-MM-DD'),
    residence: z.string().nullable().describe('city and country code of the address'),
  }),
  z.object({
    type: z.literal('legal'),
    company: z.string(),
    seat: z.string().nullable().describe('city and country code of the company address'),
  }),
]);
export type RegisterHolderIdentity = z.infer<typeof registerHolderIdentitySchema>;

/** POST …/register/holders/{customerUuid}/restrictions: what, why, and the third party it serves. */
export const disposalRestrictionInputSchema = z.strictObject({
  kind: z.enum(disposalRestrictionKinds),
  reason: z.string().trim().min(3).max(1000),
  /** eWpG § 17 (1) Nr. 6 "Rechte Dritter": the pledgee, attaching creditor or administrator; optional. */
  beneficiary: z.string().trim().min(2).max(300).optional(),
});
export type DisposalRestrictionInput = z.infer<typeof disposalRestrictionInputSchema>;

/** POST …/register/restrictions/{uuid}/lift: why it ends (a release, a court order...). */
export const disposalRestrictionLiftInputSchema = z.strictObject({
  reason: z.string().trim().min(3).max(1000),
});
export type DisposalRestrictionLiftInput = z.infer<typeof disposalRestrictionLiftInputSchema>;

/** One restriction as the operator reads it; `liftedAt` null while it is in force. */
export const disposalRestrictionViewSchema = z.object({
  id: z.string(),
  /** The holder's customer uuid. */
  holder: z.string(),
  kind: z.enum(disposalRestrictionKinds),
  reason: z.string(),
  beneficiary: z.string().nullable(),
  setAt: z.string().describe('ISO 8601'),
  setBy: registerPartySchema.nullable(),
  liftedAt: z.string().nullable().describe('ISO 8601'),
  liftedBy: registerPartySchema.nullable(),
  liftReason: z.string().nullable(),
});
export type DisposalRestrictionView = z.infer<typeof disposalRestrictionViewSchema>;

export const registerHolderViewSchema = z.object({
  customer: registerPartySchema,
  identity: registerHolderIdentitySchema,
  balance: z.number().int(),
  /** Tokens held back for the holder's pending outgoing transfers (part of `balance`). */
  pendingOut: z.number().int(),
  /** Tokens in pending transfers to the holder (not part of `balance` yet). */
  pendingIn: z.number().int(),
  /** Disposal restrictions in force on the position (eWpG § 17 (1) Nr. 6), oldest first. */
  restrictions: z.array(disposalRestrictionViewSchema),
});
export type RegisterHolderView = z.infer<typeof registerHolderViewSchema>;

/** A difference between the journal and its stored projections (head, holdings). */
export const projectionMismatchViewSchema = z.object({
  kind: z.enum(['head', 'holding']),
  /** Head field, or the holder's customer uuid. */
  subject: z.string(),
  journal: z.string(),
  stored: z.string(),
});

/** The chain check: ok, or the first bad entry with its fault; and projection drift. */
export const registerCheckViewSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  fault: z
    .object({ sequence: z.number().int(), fault: z.enum(journalFaults), detail: z.string() })
    .nullable(),
  mismatches: z.array(projectionMismatchViewSchema),
  checkedAt: isoDateTime,
});
export type RegisterCheckView = z.infer<typeof registerCheckViewSchema>;

/** One address whose tokens differ between the journal and the registrar. */
export const reconciliationDifferenceViewSchema = z.object({
  /** The holder's custodial wallet address (as the registrar books it). */
  address: z.string(),
  /** Tokens the journal gives the holders of this address. */
  journal: z.number().int(),
  /** Tokens the registrar (chain) holds for it. */
  registrar: z.number().int(),
});
export type ReconciliationDifferenceView = z.infer<typeof reconciliationDifferenceViewSchema>;

/** The last comparison of the journal with the registrar's balances (the reconciliation job). */
export const reconciliationViewSchema = z.object({
  ok: z.boolean(),
  /** `sandbox` or `evm`: the registrar compared with. */
  registrar: z.string(),
  differences: z.array(reconciliationDifferenceViewSchema),
  /** Set when the registrar could not be read (then `ok` is false and `differences` empty). */
  error: z.string().nullable(),
  ranAt: isoDateTime,
});
export type ReconciliationView = z.infer<typeof reconciliationViewSchema>;

/** GET register: the head, the holders identified per eWpRV § 8, the supply and the chain check. */
export const registerAdminViewSchema = z.object({
  product: z.string(),
  /** The bond's name in the reader's language. */
  name: z.string(),
  /** Whether the bond has its own whitelist; without one every approved investor with a wallet may hold it. */
  whitelisting: z.boolean(),
  head: z.object({
    lastSequence: z.number().int(),
    lastHash: z.string(),
    minted: z.number().int(),
    burned: z.number().int(),
    holders: z.number().int(),
  }),
  /** The issue volume in tokens (the variants' total supply). */
  totalSupply: z.number().int(),
  /** `minted - burned`: the tokens in the register. */
  outstanding: z.number().int(),
  holders: z.array(registerHolderViewSchema),
  check: registerCheckViewSchema,
  /** The last reconciliation with the registrar; null when it never ran for this bond. */
  reconciliation: reconciliationViewSchema.nullable(),
});
export type RegisterAdminView = z.infer<typeof registerAdminViewSchema>;

/** One journal entry as the operator reads it. */
export const registerEntryAdminViewSchema = z.object({
  sequence: z.number().int(),
  kind: z.enum(registerEntryKinds),
  amount: z.number().int(),
  from: registerPartySchema.nullable(),
  to: registerPartySchema.nullable(),
  cause: registerCauseSchema,
  /** The number of the order a mint was caused by (the operator's order list names it so); else null. */
  orderNumber: z.string().nullable(),
  recordedAt: isoDateTime,
  hash: z.string(),
  previousHash: z.string(),
  transactionHash: z.string().nullable(),
  /** `reversed` when a later reversal undoes it. */
  status: z.enum(['confirmed', 'reversed']),
  /** The sequence of the reversal that undid it. */
  reversedBy: z.number().int().nullable(),
});
export type RegisterEntryAdminView = z.infer<typeof registerEntryAdminViewSchema>;

/** POST register/entries/{sequence}/reversal: why (kept in the journal's correction and the audit log). */
export const reversalInputSchema = z.strictObject({ reason: z.string().trim().min(10).max(2000) });
export type ReversalInput = z.infer<typeof reversalInputSchema>;

export const whitelistSources = ['operator', 'email_request', 'subscription'] as const;

/** An investor admitted to the bond's whitelist. */
export const whitelistEntryViewSchema = z.object({
  customer: registerPartySchema.extend({ isProfessional: z.boolean() }),
  source: z.enum(whitelistSources),
  addedAt: isoDateTime,
  addedBy: registerPartySchema.nullable(),
  /** The investor's tokens of the bond (removal is refused while above 0). */
  balance: z.number().int(),
});
export type WhitelistEntryView = z.infer<typeof whitelistEntryViewSchema>;

/** POST whitelist: the investor by customer uuid or e-mail address, and an optional note. */
export const whitelistAddInputSchema = z.strictObject({
  customer: z.string().trim().min(1).max(254),
  source: z.enum(['operator', 'email_request']).default('operator'),
  reason: operatorReason.optional(),
});
export type WhitelistAddInput = z.infer<typeof whitelistAddInputSchema>;
