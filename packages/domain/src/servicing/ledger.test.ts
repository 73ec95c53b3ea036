import { describe, expect, it } from 'vitest';
import { allocateCoupon, allocateRedemption } from './allocation.ts';
import {
  checkLedger,
  couponRunPosting,
  isLedgerAccount,
  issuerFundingReceivedPosting,
  type LedgerPosting,
  ledgerAccounts,
  payoutPaidPosting,
  redemptionRunPosting,
} from './ledger.ts';
import { rational } from './rational.ts';

const bookedOn = '2027-03-15';
const holdings = [
  { holderId: '7', tokens: 10 },
  { holderId: '9', tokens: 3 },
];
const coupon = allocateCoupon({
  nominalPerTokenCents: 10_000,
  couponRateBasisPoints: 550,
  accrualFraction: rational(1),
  holdings,
});
const run = couponRunPosting({ runId: 'r1', issuerId: '4', bookedOn, holders: coupon.holders })!;

/** A coupon run, its funding and one payout: a ledger that balances. */
const goodLedger = (): LedgerPosting[] => [
  run,
  issuerFundingReceivedPosting({
    fundingId: 'f1',
    fundingAccount: ledgerAccounts.issuerCouponFunding('4'),
    amountCents: 7_150,
    bookedOn,
  }),
  payoutPaidPosting({
    payoutId: 'p1',
    payableAccount: ledgerAccounts.holderPayable('7'),
    amountCents: 5_500,
    bookedOn,
  }),
];

describe('posting builders', () => {
  it('a coupon run debits the issuer’s funding and credits each holder', () => {
    expect(run).toEqual({
      postingId: 'coupon_run:r1',
      kind: 'coupon_run',
      bookedOn,
      lines: [
        { account: 'issuer:4:coupon_funding', side: 'debit', amountCents: 7_150 },
        { account: 'holder:7:payable', side: 'credit', amountCents: 5_500 },
        { account: 'holder:9:payable', side: 'credit', amountCents: 1_650 },
      ],
    });
  });

  it('books nothing for a run where nobody is owed a cent', () => {
    expect(
      couponRunPosting({
        runId: 'r0',
        issuerId: '4',
        bookedOn,
        holders: [{ holderId: '7', amountCents: 0 }],
      }),
    ).toBeNull();
  });

  it('a redemption owes coupon and nominal from the issuer, the total to each holder', () => {
    const allocation = allocateRedemption({
      nominalPerTokenCents: 10_000,
      couponRateBasisPoints: 550,
      accrualFraction: rational(1),
      holdings,
    });
    const posting = redemptionRunPosting({ runId: 'm1', issuerId: '4', bookedOn, allocation })!;
    expect(posting.lines).toEqual([
      { account: 'issuer:4:coupon_funding', side: 'debit', amountCents: 7_150 },
      { account: 'issuer:4:redemption_funding', side: 'debit', amountCents: 130_000 },
      { account: 'holder:7:payable', side: 'credit', amountCents: 105_500 },
      { account: 'holder:9:payable', side: 'credit', amountCents: 31_650 },
    ]);
    expect(checkLedger([posting]).ok).toBe(true);
  });

  it('names the accounts it knows', () => {
    for (const account of [
      'platform:commission_expense',
      'bank:clearing',
      'partner:12:payable',
      'holder:7:payable',
      'issuer:4:coupon_funding',
      'issuer:4:redemption_funding',
    ]) {
      expect(isLedgerAccount(account)).toBe(true);
    }
    for (const account of ['holder::payable', 'holder:7:receivable', 'bank:other', 'holder:7 :payable', 7]) {
      expect(isLedgerAccount(account)).toBe(false);
    }
  });
});

describe('checkLedger', () => {
  it('passes a ledger that balances and sums each account', () => {
    const result = checkLedger(goodLedger());
    expect(result).toEqual({
      ok: true,
      postings: 3,
      balances: new Map([
        ['bank:clearing', 1_650],
        ['holder:9:payable', -1_650],
      ]),
    });
    expect(checkLedger([])).toEqual({ ok: true, postings: 0, balances: new Map() });
  });

  const withLines = (lines: unknown[]) => ({ ...run, postingId: 'bad', lines }) as LedgerPosting;
  const line = (account: string, side: string, amountCents: number) => ({ account, side, amountCents });

  it.each([
    [
      'debits ≠ credits',
      withLines([line('bank:clearing', 'debit', 100), line('holder:7:payable', 'credit', 99)]),
      'unbalanced',
    ],
    [
      'all debits',
      withLines([line('bank:clearing', 'debit', 100), line('holder:7:payable', 'debit', 100)]),
      'unbalanced',
    ],
    [
      'a negative line',
      withLines([line('bank:clearing', 'debit', -100), line('holder:7:payable', 'credit', -100)]),
      'negative_amount',
    ],
    [
      'fractions of a cent',
      withLines([line('bank:clearing', 'debit', 10.5), line('holder:7:payable', 'credit', 10.5)]),
      'invalid_amount',
    ],
    [
      'a line of 0',
      withLines([line('bank:clearing', 'debit', 0), line('holder:7:payable', 'credit', 0)]),
      'invalid_amount',
    ],
    [
      'an unknown account',
      withLines([line('bank:cash', 'debit', 100), line('holder:7:payable', 'credit', 100)]),
      'invalid_account',
    ],
    ['one line only', withLines([line('bank:clearing', 'debit', 100)]), 'invalid_posting'],
    [
      'a side that is neither',
      withLines([line('bank:clearing', 'plus', 100), line('holder:7:payable', 'credit', 100)]),
      'invalid_posting',
    ],
    ['no day', { ...run, postingId: 'bad', bookedOn: '2027-02-30' } as LedgerPosting, 'invalid_posting'],
    [
      'an unknown kind',
      { ...run, postingId: 'bad', kind: 'gift' } as unknown as LedgerPosting,
      'invalid_posting',
    ],
    ['no id', { ...run, postingId: '' } as LedgerPosting, 'invalid_posting'],
    ['the same event twice', { ...run }, 'duplicate_posting'],
  ])('names the first bad posting: %s', (_name, bad, fault) => {
    const ledger = goodLedger();
    ledger.splice(
      2,
      0,
      bad,
      payoutPaidPosting({ payoutId: 'p2', payableAccount: 'bank:nope', amountCents: -1, bookedOn }),
    );
    const result = checkLedger(ledger);
    expect(result).toMatchObject({ ok: false, position: 3, fault });
  });

  it('stops at the first bad posting even when later ones are bad too', () => {
    const ledger = goodLedger();
    ledger[0] = {
      ...run,
      lines: [...run.lines, { account: 'bank:clearing', side: 'credit', amountCents: 1 }],
    };
    expect(checkLedger(ledger)).toMatchObject({
      ok: false,
      position: 1,
      postingId: 'coupon_run:r1',
      fault: 'unbalanced',
    });
  });
});
