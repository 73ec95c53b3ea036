import { z } from 'zod';
import { emailSchema, normalizeEmail, violation } from '../accounts/schemas.ts';
import { supportedLocales } from '../i18n/index.ts';
import { isWalletAddress, toChecksumAddress, type WalletAddress } from '../wallets/addresses.ts';
import { registerEntryKinds } from './journal.ts';
import { transferStates } from './transfer-state.ts';

/*
 * The register's views and inputs (convention 6): the API's response schemas and the web's types derive
 * from these. Ids are plain; IRIs and Hydra fields are added by the route. Money in cents, tokens whole.
 */

const isoDateTime = z.string().describe('ISO 8601');
const calendarDay = z.string().describe('YYYY-MM-DD');

/**
 * One bond in the investor's depot (spec 3 Token asset: amount, product variant (name, editionNumber),
 * product; issue 16: minted and not minted, nominal value, coupon, next payment date, maturity).
 */
export const tokenAssetViewSchema = z.object({
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  productVariant: z.object({
    code: z.string(),
    name: z.string(),
    editionNumber: z.number().int().nullable(),
  }),
  /** Tokens held or paid for: `minted + notMinted` (the old client summed order quantities). */
  amount: z.number().int(),
  /** Tokens in the register (the holder's journal balance). */
  minted: z.number().int(),
  /** Paid, not yet minted (spec 4: starred, with `notMintedLegend`). */
  notMinted: z.number().int(),
  /** Tokens in the holder's pending outgoing transfers (part of `minted` until confirmed). */
  pendingOutgoing: z.number().int(),
  nominalPerTokenCents: z.number().int(),
  /** `minted × nominalPerTokenCents`. */
  mintedNominalCents: z.number().int(),
  coupon: z.string().nullable().describe('annual interest rate in percent as a decimal string ("5.50")'),
  maturityDate: calendarDay.nullable(),
  nextPaymentDate: calendarDay.nullable(),
});
export type TokenAssetView = z.infer<typeof tokenAssetViewSchema>;

/** Whether a register line is booked, still waiting for the registrar, or undone by a later reversal. */
export const registerEntryStatuses = ['pending', 'confirmed', 'reversed'] as const;
export type RegisterEntryStatus = (typeof registerEntryStatuses)[number];

/** A register entry as the holder it concerns sees it (depot: entries with their transaction hashes). */
export const registerEntryViewSchema = z.object({
  /** The product (bond) code. */
  product: z.string(),
  /** null while pending (the journal numbers an entry when the registrar confirms it). */
  sequence: z.number().int().nullable(),
  kind: z.enum(registerEntryKinds),
  amount: z.number().int(),
  /** Tokens reaching (`in`) or leaving (`out`) this holder. */
  direction: z.enum(['in', 'out']),
  /** The other side's wallet address shortened (spec 9: first 5 and last 4); null for mints and burns. */
  counterparty: z.string().nullable(),
  transactionHash: z.string().nullable(),
  recordedAt: isoDateTime,
  status: z.enum(registerEntryStatuses),
});
export type RegisterEntryView = z.infer<typeof registerEntryViewSchema>;

/** spec 3 Product `transactions`: the bond's confirmed registrar transactions. */
export const productTransactionViewSchema = z.object({
  hash: z.string(),
  /** null for a mint. */
  fromAddress: z.string().nullable(),
  /** null for a burn. */
  toAddress: z.string().nullable(),
});
export type ProductTransactionView = z.infer<typeof productTransactionViewSchema>;

/** A transfer request as its sender (or its receiver) sees it. */
export const transferViewSchema = z.object({
  id: z.number().int(),
  product: z.string(),
  productVariant: z.string(),
  amount: z.number().int(),
  direction: z.enum(['in', 'out']),
  /** As the sender entered it (e-mail or wallet address); for the receiver the sender's shortened address. */
  beneficiary: z.string(),
  status: z.enum(transferStates),
  transactionHash: z.string().nullable(),
  createdAt: isoDateTime,
  /** When the registrar confirmed, refused or failed it. */
  decidedAt: isoDateTime.nullable(),
});
export type TransferView = z.infer<typeof transferViewSchema>;

/** spec 3 "Register excerpt types": after an entry, the yearly run, on the holder's request (eWpG § 19). */
export const registerExcerptTypes = ['after_transaction', 'cron_job', 'manual'] as const;
export type RegisterExcerptType = (typeof registerExcerptTypes)[number];

/** A register excerpt in the holder's list (`/account/exerpts`); the PDF is fetched by its id. */
export const registerExcerptListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(registerExcerptTypes),
  /** The bond the excerpt is about. */
  product: z.string(),
  createdAt: isoDateTime,
  language: z.enum(supportedLocales),
});
export type RegisterExcerptListItem = z.infer<typeof registerExcerptListItemSchema>;

/** A beneficiary as entered: an e-mail address or a wallet address. */
export type Beneficiary = { type: 'email'; email: string } | { type: 'wallet'; address: WalletAddress };

/** The beneficiary named by the input (e-mail normalized, address EIP-55), or null when it is neither. */
export function parseBeneficiary(value: string): Beneficiary | null {
  const v = value.trim();
  if (isWalletAddress(v)) return { type: 'wallet', address: toChecksumAddress(v) };
  if (emailSchema.safeParse(v).success) return { type: 'email', email: normalizeEmail(v) };
  return null;
}

/**
 * POST token/transfer (spec 7 `fromWalletId`; spec 3 Transfer: beneficiary, amount, 2FA code): the
 * bond by `product` code or `productVariant` code (one of them), the beneficiary by e-mail or wallet
 * address. `code` is optional so that a missing code answers `two_factor_required`, as at login.
 */
export const transferInputSchema = z
  .strictObject({
    fromWalletId: z.number().int().min(1),
    product: z.string().trim().min(1).max(255).optional(),
    productVariant: z.string().trim().min(1).max(255).optional(),
    amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    beneficiary: z
      .string()
      .trim()
      .min(1)
      .max(254)
      .refine((v) => parseBeneficiary(v) !== null, violation('invalid_beneficiary')),
    code: z.string().trim().max(32).optional(),
  })
  .refine((input) => input.product !== undefined || input.productVariant !== undefined, {
    ...violation('required'),
    path: ['productVariant'],
  });
export type TransferInput = z.infer<typeof transferInputSchema>;

/** POST register-excerpts: a manual excerpt (eWpG § 19 "on request") of one bond. */
export const requestExcerptInputSchema = z.strictObject({
  product: z.string().trim().min(1).max(255),
});
export type RequestExcerptInput = z.infer<typeof requestExcerptInputSchema>;
