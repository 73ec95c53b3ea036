import { describe, expect, it } from 'vitest';
import type { OrderListRowView } from '../orders/views.ts';
import { listingsOf } from './listings.ts';

const order = (over: Partial<OrderListRowView>): OrderListRowView => ({
  id: 1,
  tokenValue: 'tok',
  number: '000001',
  checkoutState: 'completed',
  paymentState: 'paid',
  shippingState: 'ready',
  paid: true,
  listStatus: 'paid',
  currencyCode: 'EUR',
  kind: 'collectible',
  items: [
    {
      id: 7,
      productName: 'Mondlicht',
      productCode: 'ART_1',
      variantName: 'Mondlicht',
      variant: 'ART_1',
      variantCode: 'ART_1',
      quantity: 1,
      unitPrice: 4_900,
      originalUnitPrice: 4_900,
      subtotal: 4_900,
      taxTotal: 782,
      total: 4_900,
      taxCategory: { code: 'standard', rateBasisPoints: 1900 },
    },
  ],
  itemsTotal: 4_900,
  discountTotal: 0,
  taxTotal: 782,
  total: 4_900,
  payments: [],
  checkoutCompletedAt: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-27T09:00:00.000Z',
  ...over,
});

describe('listingsOf (spec 3 Listing)', () => {
  it.each([
    ['ready', 'pending'],
    ['partially_shipped', 'processing'],
    ['shipped', 'completed'],
    ['cancelled', 'cancelled'],
  ] as const)('a %s order line is a listing whose transaction is %s', (shippingState, transactionStatus) => {
    const [listing] = listingsOf(order({ shippingState }), (code) => `/v/${code}`);
    expect(listing).toMatchObject({
      id: 7,
      order: 'tok',
      type: 'buy_now',
      status: 'paid',
      paymentStatus: 'paid',
      transactionStatus,
      productVariant: '/v/ART_1',
      unitPrice: 4_900,
    });
  });

  it('gives one listing per order line and none for an order without lines', () => {
    expect(listingsOf(order({ items: [] }), (c) => c)).toEqual([]);
  });
});
