import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  type DepotOrder,
  depotPositions,
  entryDirection,
  mintedByOrder,
  notMintedLegend,
  orderMintPosition,
  type RegisterEntry,
  type RegisterEntryDraft,
  reversalDraftOf,
  tokenAssetViewSchema,
} from './index.ts';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const recordedAt = '2026-03-02T10:00:00.000Z';
const mintFor = (bondId: string, orderId: string, to: string, amount: number): RegisterEntryDraft => ({
  bondId,
  kind: 'mint',
  fromHolder: null,
  toHolder: to,
  amount,
  cause: { type: 'order', orderId },
  recordedAt,
});
function journalOf(...drafts: RegisterEntryDraft[]): RegisterEntry[] {
  const entries: RegisterEntry[] = [];
  for (const d of drafts) entries.push(appendEntry(entries.at(-1) ?? null, d, sha256));
  return entries;
}

const paid = { checkoutState: 'completed', paymentState: 'paid' } as const;
const order = (
  orderId: string,
  bondId: string,
  quantity: number,
  rest: Partial<DepotOrder> = {},
): DepotOrder => ({
  orderId,
  bondId,
  quantity,
  ...paid,
  shippingState: 'ready',
  ...rest,
});

describe('minted and not minted (spec 4)', () => {
  it('counts the mints of each order, less reversed ones', () => {
    const a = journalOf(
      mintFor('A', '11', '7', 600),
      mintFor('A', '12', '8', 100),
      mintFor('A', '11', '7', 400),
    );
    a.push(appendEntry(a.at(-1)!, reversalDraftOf(a[1]!, { reason: 'wrong order', recordedAt }), sha256));
    const b = journalOf(mintFor('B', '13', '7', 50));
    expect(mintedByOrder([...a, ...b])).toEqual(
      new Map([
        ['11', 1000],
        ['12', 0],
        ['13', 50],
      ]),
    );
  });

  it.each([
    ['paid, shipping ready: not minted', order('1', 'A', 1000), 0, 'not_minted', 1000],
    [
      'paid, partly minted',
      order('1', 'A', 1000, { shippingState: 'partially_shipped' }),
      400,
      'partially_minted',
      600,
    ],
    [
      'authorized counts as paid',
      order('1', 'A', 1000, { paymentState: 'authorized' }),
      0,
      'not_minted',
      1000,
    ],
    ['shipped: minted', order('1', 'A', 1000, { shippingState: 'shipped' }), 1000, 'minted', 0],
    [
      'awaiting payment: nothing to show',
      order('1', 'A', 1000, { paymentState: 'awaiting_payment' }),
      0,
      'unpaid',
      0,
    ],
    [
      'refunded: nothing',
      order('1', 'A', 1000, { paymentState: 'refunded', shippingState: 'cancelled' }),
      0,
      'unpaid',
      0,
    ],
    ['not completed: nothing', order('1', 'A', 1000, { checkoutState: 'payment_selected' }), 0, 'unpaid', 0],
    ['all minted, shipping not yet moved', order('1', 'A', 1000), 1000, 'minted', 0],
  ] as const)('%s', (_, o, minted, status, notMinted) => {
    expect(orderMintPosition(o, minted)).toEqual({ status, minted, notMinted });
  });

  it('sums the depot per bond: register balance, paid but not minted, pending outgoing', () => {
    const positions = depotPositions({
      balances: new Map([
        ['A', 700],
        ['C', 0],
      ]),
      orders: [
        order('1', 'A', 1000, { shippingState: 'shipped' }),
        order('2', 'A', 500, { shippingState: 'partially_shipped' }),
        order('3', 'B', 2000),
        order('4', 'B', 1000, { paymentState: 'awaiting_payment' }),
      ],
      mintedByOrder: new Map([
        ['1', 1000],
        ['2', 200],
      ]),
      pendingOutgoing: new Map([['A', 100]]),
    });
    expect(positions).toEqual([
      { bondId: 'A', minted: 700, notMinted: 300, pendingOutgoing: 100 },
      { bondId: 'B', minted: 0, notMinted: 2000, pendingOutgoing: 0 },
    ]);
  });

  it('has a legend for the starred amounts in both languages', () => {
    expect(notMintedLegend.de).toMatch(/^\* /);
    expect(notMintedLegend.en).toMatch(/^\* .*not yet minted/);
  });

  it('tells the holder which way an entry went', () => {
    const [mint] = journalOf(mintFor('A', '1', '7', 5));
    expect(entryDirection(mint!, '7')).toBe('in');
    expect(entryDirection({ fromHolder: '7', toHolder: '8' }, '7')).toBe('out');
    expect(entryDirection({ fromHolder: '7', toHolder: '8' }, '9')).toBeNull();
  });

  it('describes a token asset with its minted and not-minted amounts', () => {
    const asset = {
      product: { id: 1, code: 'SOLAR-2031', name: 'Solar 2031' },
      productVariant: { code: 'SOLAR-2031', name: 'Solar 2031', editionNumber: null },
      amount: 1300,
      minted: 1000,
      notMinted: 300,
      pendingOutgoing: 0,
      nominalPerTokenCents: 100,
      mintedNominalCents: 100_000,
      coupon: '5.50',
      maturityDate: '2031-06-30',
      nextPaymentDate: null,
    };
    expect(tokenAssetViewSchema.parse(asset)).toEqual(asset);
  });
});
