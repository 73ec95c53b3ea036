import { canMove, type Lifecycle } from '../lifecycle/index.ts';
import { type ShippingState, shippingLifecycle } from '../orders/order-state.ts';

/*
 * An order's shipping state follows the tokens the register holds for it (spec 4: `shipped` = minted,
 * `partially_shipped` in between, `ready` = none minted yet). A confirmed mint moves it forward along
 * the order's shipping table; a reversed mint (decision 016, operator correction) moves it back, which
 * the ordinary table forbids, so corrections have their own table.
 */

/** The moves a reversed mint makes: back from shipped or partially shipped, never out of cancelled. */
export const shippingCorrectionLifecycle: Lifecycle<ShippingState> = {
  name: 'order_shipping_correction',
  states: shippingLifecycle.states,
  transitions: {
    ready: [],
    partially_shipped: ['ready'],
    shipped: ['partially_shipped', 'ready'],
    cancelled: [],
  },
};

/** The shipping state an order of `quantity` tokens has when `minted` of them are in the register. */
export function shippingStateForMinted(quantity: number, minted: number): ShippingState {
  if (minted <= 0) return 'ready';
  return minted >= quantity ? 'shipped' : 'partially_shipped';
}

/**
 * Where an order's shipping goes when the register holds `minted` of its tokens: the new state, or
 * null when it stays. A confirmed mint moves forward (`shippingLifecycle`), a reversed mint back
 * (`shippingCorrectionLifecycle`); a cancelled order never moves.
 */
export function shippingMoveForMinted(
  order: { quantity: number; shippingState: ShippingState },
  minted: number,
): ShippingState | null {
  const target = shippingStateForMinted(order.quantity, minted);
  if (target === order.shippingState) return null;
  if (canMove(shippingLifecycle, order.shippingState, target)) return target;
  if (canMove(shippingCorrectionLifecycle, order.shippingState, target)) return target;
  return null;
}
