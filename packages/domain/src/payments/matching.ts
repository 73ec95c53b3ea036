import { findPaymentReferences } from './reference.ts';

/**
 * Matching an incoming bank credit to the open bank-transfer orders (issue 8): by the payment
 * reference in the remittance information and the amount. The outcome decides whether an order is
 * paid (`matched`) or the credit goes to the operators' reconciliation list (everything else).
 */

/** A credit as the bank reports it (camt.053/054 entry or the sandbox bank's webhook). */
export type BankCredit = {
  amountCents: number;
  currency: string;
  /** Unstructured remittance information (Ustrd), as received. */
  remittanceText: string | null;
  /** The structured creditor reference (Strd/CdtrRefInf/Ref), when the payer's bank sent one. */
  structuredReference: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  /** YYYY-MM-DD. */
  bookingDate: string;
  /**
   * The bank's unique id of this booking: the account servicer reference (AcctSvcrRef) of the
   * transaction, else of the entry, else the entry reference (NtryRef). Seeing it again is a duplicate.
   */
  entryReference: string;
};

/** An order waiting for a bank transfer: its payment reference and the amount due in cents. */
export type ExpectedPayment = { orderId: number; reference: string; amountCents: number; currency?: string };

export const creditMatchStatuses = ['matched', 'partial', 'excess', 'duplicate', 'unknown'] as const;
export type CreditMatchStatus = (typeof creditMatchStatuses)[number];

export type CreditMatch =
  | { status: 'duplicate'; orderId: null; reference: string | null; differenceCents: 0 }
  | { status: 'unknown'; orderId: null; reference: string | null; differenceCents: 0; reason: UnknownReason }
  | {
      status: 'matched' | 'partial' | 'excess';
      orderId: number;
      reference: string;
      /** Credit minus amount due: negative for `partial`, positive for `excess`, 0 for `matched`. */
      differenceCents: number;
    };

/** Why a credit could not be assigned to an order. */
export type UnknownReason = 'no_reference' | 'no_open_order' | 'currency';

/**
 * Classifies a credit: `duplicate` when its entry reference was seen before; `unknown` without a
 * reference of an open order (or in another currency); else `matched`, `partial` (less than due) or
 * `excess` (more than due) for the order whose reference it carries. The structured reference is
 * tried before the candidates found in the remittance text.
 */
export function matchBankCredit(opts: {
  credit: BankCredit;
  openOrders: readonly ExpectedPayment[];
  /** Entry references of credits recorded before. */
  seenEntryReferences: ReadonlySet<string>;
  /** The reference prefixes in use, so `TW-000123` without RF is recognised too. */
  prefixes?: readonly string[];
}): CreditMatch {
  const { credit, openOrders } = opts;
  if (opts.seenEntryReferences.has(credit.entryReference)) {
    return { status: 'duplicate', orderId: null, reference: null, differenceCents: 0 };
  }
  const candidates = [
    ...findPaymentReferences(credit.structuredReference, {}),
    ...findPaymentReferences(credit.remittanceText, { prefixes: opts.prefixes ?? [] }),
  ].map((f) => f.reference);
  const byReference = new Map(openOrders.map((o) => [o.reference.replace(/\s/g, '').toUpperCase(), o]));
  const reference = candidates.find((r) => byReference.has(r)) ?? null;
  const order = reference ? byReference.get(reference) : undefined;
  if (!order || !reference) {
    return {
      status: 'unknown',
      orderId: null,
      reference: candidates[0] ?? null,
      differenceCents: 0,
      reason: candidates.length ? 'no_open_order' : 'no_reference',
    };
  }
  if (credit.currency.toUpperCase() !== (order.currency ?? 'EUR')) {
    return { status: 'unknown', orderId: null, reference, differenceCents: 0, reason: 'currency' };
  }
  const differenceCents = credit.amountCents - order.amountCents;
  const status = differenceCents === 0 ? 'matched' : differenceCents < 0 ? 'partial' : 'excess';
  return { status, orderId: order.orderId, reference, differenceCents };
}
