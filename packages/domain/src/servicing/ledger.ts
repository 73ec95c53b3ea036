import { isIsoDate } from '../calendar/index.ts';
import type { RedemptionAllocation } from './allocation.ts';

/*
 * The servicing ledger (convention 8): money owed and paid moves in append-only, double-entry postings
 * in integer cents. A posting is one business event (a coupon run, a referral commission, a payout
 * paid); its debits equal its credits. `checkLedger` proves it for a whole ledger and names the first
 * bad posting, as the register's journal check does for tokens.
 */

export const postingKinds = [
  'coupon_run',
  'redemption_run',
  'issuer_funding_received',
  'referral_commission',
  'payout_paid',
] as const;
export type PostingKind = (typeof postingKinds)[number];

export type LedgerLine = { account: string; side: 'debit' | 'credit'; amountCents: number };

export type LedgerPosting = {
  /** Unique and derived from the event (`coupon_run:{runId}`), so booking an event twice is caught. */
  postingId: string;
  kind: PostingKind;
  /** The calendar day the event is booked on. */
  bookedOn: string;
  lines: LedgerLine[];
};

/** The accounts; ids are the platform's ids as strings. */
export const ledgerAccounts = {
  commissionExpense: 'platform:commission_expense',
  bankClearing: 'bank:clearing',
  partnerPayable: (partnerId: string) => `partner:${partnerId}:payable`,
  holderPayable: (holderId: string) => `holder:${holderId}:payable`,
  issuerCouponFunding: (issuerId: string) => `issuer:${issuerId}:coupon_funding`,
  issuerRedemptionFunding: (issuerId: string) => `issuer:${issuerId}:redemption_funding`,
} as const;

const accountPattern =
  /^(?:platform:commission_expense|bank:clearing|(?:partner|holder):[^:\s]+:payable|issuer:[^:\s]+:(?:coupon|redemption)_funding)$/;

/** Whether the text names one of the ledger's accounts. */
export function isLedgerAccount(account: unknown): account is string {
  return typeof account === 'string' && accountPattern.test(account);
}

const debit = (account: string, amountCents: number): LedgerLine => ({ account, side: 'debit', amountCents });
const credit = (account: string, amountCents: number): LedgerLine => ({
  account,
  side: 'credit',
  amountCents,
});

/** A coupon run: the issuer owes what the holders are owed, holder by holder; null when nothing is due. */
export function couponRunPosting(opts: {
  runId: string;
  issuerId: string;
  bookedOn: string;
  holders: readonly { holderId: string; amountCents: number }[];
}): LedgerPosting | null {
  const due = opts.holders.filter((h) => h.amountCents > 0);
  if (due.length === 0) return null;
  const total = due.reduce((s, h) => s + h.amountCents, 0);
  return {
    postingId: `coupon_run:${opts.runId}`,
    kind: 'coupon_run',
    bookedOn: opts.bookedOn,
    lines: [
      debit(ledgerAccounts.issuerCouponFunding(opts.issuerId), total),
      ...due.map((h) => credit(ledgerAccounts.holderPayable(h.holderId), h.amountCents)),
    ],
  };
}

/** Redemption at maturity: the last coupon and the nominal owed by the issuer, each holder owed both. */
export function redemptionRunPosting(opts: {
  runId: string;
  issuerId: string;
  bookedOn: string;
  allocation: Pick<RedemptionAllocation, 'holders'>;
}): LedgerPosting | null {
  const { holders } = opts.allocation;
  const coupons = holders.reduce((s, h) => s + h.couponCents, 0);
  const nominal = holders.reduce((s, h) => s + h.redemptionCents, 0);
  if (coupons + nominal === 0) return null;
  return {
    postingId: `redemption_run:${opts.runId}`,
    kind: 'redemption_run',
    bookedOn: opts.bookedOn,
    lines: [
      ...(coupons > 0 ? [debit(ledgerAccounts.issuerCouponFunding(opts.issuerId), coupons)] : []),
      ...(nominal > 0 ? [debit(ledgerAccounts.issuerRedemptionFunding(opts.issuerId), nominal)] : []),
      ...holders
        .filter((h) => h.totalCents > 0)
        .map((h) => credit(ledgerAccounts.holderPayable(h.holderId), h.totalCents)),
    ],
  };
}

/** The issuer's money arrived on the platform's account for a run (coupon or redemption funding). */
export function issuerFundingReceivedPosting(opts: {
  fundingId: string;
  fundingAccount: string;
  amountCents: number;
  bookedOn: string;
}): LedgerPosting {
  return {
    postingId: `issuer_funding_received:${opts.fundingId}`,
    kind: 'issuer_funding_received',
    bookedOn: opts.bookedOn,
    lines: [
      debit(ledgerAccounts.bankClearing, opts.amountCents),
      credit(opts.fundingAccount, opts.amountCents),
    ],
  };
}

/** A payout left the bank: the payable (holder's or partner's) is settled through the clearing account. */
export function payoutPaidPosting(opts: {
  payoutId: string;
  payableAccount: string;
  amountCents: number;
  bookedOn: string;
}): LedgerPosting {
  return {
    postingId: `payout_paid:${opts.payoutId}`,
    kind: 'payout_paid',
    bookedOn: opts.bookedOn,
    lines: [
      debit(opts.payableAccount, opts.amountCents),
      credit(ledgerAccounts.bankClearing, opts.amountCents),
    ],
  };
}

/** What can be wrong with a posting, in the order the check asks (the first that applies is named). */
export const ledgerFaults = [
  'invalid_posting',
  'duplicate_posting',
  'invalid_account',
  'invalid_amount',
  'negative_amount',
  'unbalanced',
] as const;
export type LedgerFault = (typeof ledgerFaults)[number];

/** The first bad posting: `position` is its place in the ledger (1-based). */
export type LedgerFailure = {
  ok: false;
  position: number;
  postingId: string | null;
  fault: LedgerFault;
  detail: string;
};

export type LedgerSummary = {
  ok: true;
  postings: number;
  /** Account -> debits − credits in cents (a payable owed to someone is negative), zero balances left out. */
  balances: Map<string, number>;
};

export type LedgerCheckResult = LedgerSummary | LedgerFailure;

/** The fault of one posting's own shape and numbers, or null. */
function postingFault(p: LedgerPosting): [LedgerFault, string] | null {
  if (typeof p !== 'object' || p === null) return ['invalid_posting', 'not a posting'];
  if (typeof p.postingId !== 'string' || p.postingId.length === 0)
    return ['invalid_posting', 'no posting id'];
  if (!postingKinds.includes(p.kind)) return ['invalid_posting', `unknown kind ${String(p.kind)}`];
  if (typeof p.bookedOn !== 'string' || !isIsoDate(p.bookedOn))
    return ['invalid_posting', 'bookedOn is no day'];
  if (!Array.isArray(p.lines) || p.lines.length < 2) return ['invalid_posting', 'fewer than two lines'];
  for (const line of p.lines) {
    if (line?.side !== 'debit' && line?.side !== 'credit')
      return ['invalid_posting', 'a line is neither debit nor credit'];
  }
  for (const line of p.lines) {
    if (!isLedgerAccount(line.account)) return ['invalid_account', `unknown account ${String(line.account)}`];
  }
  for (const line of p.lines) {
    if (!Number.isSafeInteger(line.amountCents))
      return ['invalid_amount', `${line.amountCents} is not whole cents`];
  }
  for (const line of p.lines) {
    if (line.amountCents < 0) return ['negative_amount', `${line.account}: ${line.amountCents} cents`];
    if (line.amountCents === 0) return ['invalid_amount', `${line.account}: a line of 0 cents`];
  }
  // bigint: many large lines may pass 2^53 before they are compared
  let debits = 0n;
  let credits = 0n;
  for (const line of p.lines) {
    if (line.side === 'debit') debits += BigInt(line.amountCents);
    else credits += BigInt(line.amountCents);
  }
  if (debits !== credits) return ['unbalanced', `debits ${debits} ≠ credits ${credits} cents`];
  return null;
}

/** Checks every posting balances (debits = credits, whole cents, none negative) and each id is booked once. */
export function checkLedger(postings: Iterable<LedgerPosting>): LedgerCheckResult {
  const seen = new Set<string>();
  const balances = new Map<string, bigint>();
  let position = 0;
  for (const p of postings) {
    position++;
    const fault = postingFault(p);
    const postingId = typeof p?.postingId === 'string' ? p.postingId : null;
    if (fault) return { ok: false, position, postingId, fault: fault[0], detail: fault[1] };
    if (seen.has(p.postingId)) {
      return { ok: false, position, postingId, fault: 'duplicate_posting', detail: 'booked before' };
    }
    seen.add(p.postingId);
    for (const line of p.lines) {
      const signed = BigInt(line.amountCents) * (line.side === 'debit' ? 1n : -1n);
      balances.set(line.account, (balances.get(line.account) ?? 0n) + signed);
    }
  }
  const out = new Map<string, number>();
  for (const [account, cents] of balances) if (cents !== 0n) out.set(account, Number(cents));
  return { ok: true, postings: position, balances: out };
}
