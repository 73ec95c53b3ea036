import { describe, expect, it } from 'vitest';
import type { ShippingState } from '../orders/order-state.ts';
import { shippingMoveForMinted, shippingStateForMinted } from './order-shipping.ts';

describe('an order’s shipping state follows its minted tokens (spec 4)', () => {
  it.each([
    [1_000, 0, 'ready'],
    [1_000, 400, 'partially_shipped'],
    [1_000, 1_000, 'shipped'],
    [1_000, 1_200, 'shipped'],
  ] as const)('%i ordered, %i minted: %s', (quantity, minted, state) => {
    expect(shippingStateForMinted(quantity, minted)).toBe(state);
  });

  it.each([
    // confirmed mints move forward
    ['ready', 400, 'partially_shipped'],
    ['ready', 1_000, 'shipped'],
    ['partially_shipped', 1_000, 'shipped'],
    // reversed mints move back (decision 016)
    ['shipped', 400, 'partially_shipped'],
    ['shipped', 0, 'ready'],
    ['partially_shipped', 0, 'ready'],
    // staying put, and a cancelled order never moves
    ['partially_shipped', 400, null],
    ['ready', 0, null],
    ['cancelled', 1_000, null],
  ] as [ShippingState, number, ShippingState | null][])('%s with %i minted -> %s', (from, minted, to) => {
    expect(shippingMoveForMinted({ quantity: 1_000, shippingState: from }, minted)).toBe(to);
  });
});
