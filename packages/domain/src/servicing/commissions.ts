import type { PaymentState } from '../orders/order-state.ts';
import { type LedgerPosting, ledgerAccounts } from './ledger.ts';

/*
 * Referral commissions (spec 1, 3): a partner with a referral code earns one-off amounts in cents, set
 * on the partner's customer record: `referralCommissionPerRegisteredCustomer` once the referred
 * customer is approved, and `referralCommissionPerPaidOrder` for each of their paid orders. Each is a
 * ledger posting whose id names the event, so an event delivered twice is booked once.
 */

export type ReferralPartner = {
  partnerId: string;
  /** Cents; null or 0: no commission of this kind. */
  referralCommissionPerRegisteredCustomer: number | null;
  referralCommissionPerPaidOrder: number | null;
};

function commissionPosting(
  postingId: string,
  partnerId: string,
  cents: number,
  bookedOn: string,
): LedgerPosting {
  return {
    postingId,
    kind: 'referral_commission',
    bookedOn,
    lines: [
      { account: ledgerAccounts.commissionExpense, side: 'debit', amountCents: cents },
      { account: ledgerAccounts.partnerPayable(partnerId), side: 'credit', amountCents: cents },
    ],
  };
}

const isDue = (cents: number | null): cents is number =>
  cents !== null && Number.isSafeInteger(cents) && cents > 0;

/** The commission for a referred customer, once approved; null when none is due (self-referral included). */
export function registeredCustomerCommission(opts: {
  partner: ReferralPartner;
  customerId: string;
  customerApproved: boolean;
  bookedOn: string;
}): LedgerPosting | null {
  const { partner, customerId } = opts;
  const cents = partner.referralCommissionPerRegisteredCustomer;
  if (!opts.customerApproved || partner.partnerId === customerId || !isDue(cents)) return null;
  return commissionPosting(
    `referral_commission:customer:${customerId}`,
    partner.partnerId,
    cents,
    opts.bookedOn,
  );
}

/** The commission for a referred customer's order, once paid; null when none is due. */
export function paidOrderCommission(opts: {
  partner: ReferralPartner;
  customerId: string;
  orderId: string;
  paymentState: PaymentState;
  bookedOn: string;
}): LedgerPosting | null {
  const { partner } = opts;
  const cents = partner.referralCommissionPerPaidOrder;
  if (opts.paymentState !== 'paid' || partner.partnerId === opts.customerId || !isDue(cents)) return null;
  return commissionPosting(
    `referral_commission:order:${opts.orderId}`,
    partner.partnerId,
    cents,
    opts.bookedOn,
  );
}
