/*
 * Orders (issue 8): the checkout, payment and shipping lifecycles, the investment limits (spec 5,
 * WpPG § 6), the completion statements and the order views.
 */

export {
  assertCanTransition,
  canMove,
  canTransition,
  isStateOf,
  type Lifecycle,
} from '../lifecycle/index.ts';
export * from './digital-content.ts';
export * from './discounts.ts';
export * from './limits.ts';
export * from './order-state.ts';
export * from './payment-due.ts';
export * from './statements.ts';
export * from './views.ts';
