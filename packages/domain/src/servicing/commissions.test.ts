import { describe, expect, it } from 'vitest';
import { paidOrderCommission, type ReferralPartner, registeredCustomerCommission } from './commissions.ts';
import { checkLedger } from './ledger.ts';

const partner: ReferralPartner = {
  partnerId: '12',
  referralCommissionPerRegisteredCustomer: 2_500,
  referralCommissionPerPaidOrder: 5_000,
};
const bookedOn = '2026-06-01';

describe('registeredCustomerCommission', () => {
  it('books the partner’s commission once the referred customer is approved', () => {
    expect(
      registeredCustomerCommission({ partner, customerId: '40', customerApproved: true, bookedOn }),
    ).toEqual({
      postingId: 'referral_commission:customer:40',
      kind: 'referral_commission',
      bookedOn,
      lines: [
        { account: 'platform:commission_expense', side: 'debit', amountCents: 2_500 },
        { account: 'partner:12:payable', side: 'credit', amountCents: 2_500 },
      ],
    });
  });

  it.each([
    ['not yet approved', { customerApproved: false }],
    ['a self-referral', { customerId: '12' }],
    ['no amount set', { partner: { ...partner, referralCommissionPerRegisteredCustomer: null } }],
    ['an amount of 0', { partner: { ...partner, referralCommissionPerRegisteredCustomer: 0 } }],
  ])('books nothing for %s', (_name, change) => {
    expect(
      registeredCustomerCommission({
        partner,
        customerId: '40',
        customerApproved: true,
        bookedOn,
        ...change,
      }),
    ).toBeNull();
  });
});

describe('paidOrderCommission', () => {
  it('books a commission per paid order, one-off per order', () => {
    const first = paidOrderCommission({
      partner,
      customerId: '40',
      orderId: '900',
      paymentState: 'paid',
      bookedOn,
    })!;
    const second = paidOrderCommission({
      partner,
      customerId: '40',
      orderId: '901',
      paymentState: 'paid',
      bookedOn,
    })!;
    expect(first.postingId).toBe('referral_commission:order:900');
    expect(first.lines.map((l) => l.amountCents)).toEqual([5_000, 5_000]);
    expect(checkLedger([first, second])).toMatchObject({
      ok: true,
      balances: new Map([
        ['platform:commission_expense', 10_000],
        ['partner:12:payable', -10_000],
      ]),
    });
    // The same paid order delivered again is the same posting: the ledger refuses it.
    const again = paidOrderCommission({
      partner,
      customerId: '40',
      orderId: '900',
      paymentState: 'paid',
      bookedOn,
    })!;
    expect(checkLedger([first, second, again])).toMatchObject({
      ok: false,
      position: 3,
      fault: 'duplicate_posting',
    });
  });

  it.each(['new', 'awaiting_payment', 'authorized', 'cancelled', 'refunded'] as const)(
    'books nothing for an order in payment state %s',
    (paymentState) => {
      expect(
        paidOrderCommission({ partner, customerId: '40', orderId: '900', paymentState, bookedOn }),
      ).toBeNull();
    },
  );

  it('books nothing for the partner’s own order or without an amount', () => {
    expect(
      paidOrderCommission({ partner, customerId: '12', orderId: '900', paymentState: 'paid', bookedOn }),
    ).toBeNull();
    expect(
      paidOrderCommission({
        partner: { ...partner, referralCommissionPerPaidOrder: null },
        customerId: '40',
        orderId: '900',
        paymentState: 'paid',
        bookedOn,
      }),
    ).toBeNull();
  });
});
