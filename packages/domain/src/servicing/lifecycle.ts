import { assertCanTransition, canMove, type Lifecycle } from '../lifecycle/index.ts';

/*
 * The lifecycles of coupon runs and their payouts (convention 7, issue 17). Services ask these tables
 * before every status change; the conditions of their SQL updates repeat the `from` state so that of
 * two concurrent changes only one acts.
 *
 * Run:    prepared -> approved -> paid | partially_failed
 * Payout: pending -> paid | failed
 *
 * Decisions (docs/decisions/017):
 * - A run is settled when none of its payouts is pending: `paid` when all are paid, `partially_failed`
 *   when at least one failed. While one is pending it stays `approved`.
 * - A failed payout is final in this slice (no retry to a corrected IBAN yet), so `paid` and
 *   `partially_failed` are final too. A retry would add failed -> pending and
 *   partially_failed -> approved; the payout file route already accepts a `partially_failed` run with
 *   pending payouts for that day.
 */

export const couponRunStates = ['prepared', 'approved', 'paid', 'partially_failed'] as const;
export type CouponRunState = (typeof couponRunStates)[number];

export const couponRunLifecycle: Lifecycle<CouponRunState> = {
  name: 'coupon_run',
  states: couponRunStates,
  transitions: {
    prepared: ['approved'],
    approved: ['paid', 'partially_failed'],
    paid: [],
    partially_failed: [],
  },
};

export const payoutStates = ['pending', 'paid', 'failed'] as const;
export type PayoutState = (typeof payoutStates)[number];

export const payoutLifecycle: Lifecycle<PayoutState> = {
  name: 'payout',
  states: payoutStates,
  transitions: {
    pending: ['paid', 'failed'],
    paid: [],
    failed: [],
  },
};

/** Throws 409 `invalid_transition` unless the run may move from `from` to `to` (staying put is allowed). */
export function assertCouponRunTransition(from: CouponRunState, to: CouponRunState): void {
  assertCanTransition(couponRunLifecycle, from, to);
}

/** Throws 409 `invalid_transition` unless the payout may move from `from` to `to` (staying put is allowed). */
export function assertPayoutTransition(from: PayoutState, to: PayoutState): void {
  assertCanTransition(payoutLifecycle, from, to);
}

/** Whether the run may really move (not staying put). */
export function canCouponRunMove(from: CouponRunState, to: CouponRunState): boolean {
  return canMove(couponRunLifecycle, from, to);
}

/** Whether the payout may really move (not staying put). */
export function canPayoutMove(from: PayoutState, to: PayoutState): boolean {
  return canMove(payoutLifecycle, from, to);
}

/**
 * The status a run's payouts settle it in: `approved` while one is pending, else `partially_failed`
 * when one failed, else `paid`. A run without payouts (nothing was due) is `paid`.
 */
export function settledRunState(payouts: readonly PayoutState[]): CouponRunState {
  if (payouts.includes('pending')) return 'approved';
  if (payouts.includes('failed')) return 'partially_failed';
  return 'paid';
}

/** States whose pending payouts may be sent to the bank in a payout file. */
export const payableRunStates: readonly CouponRunState[] = ['approved', 'partially_failed'];

/** Whether a run in `state` may hand its pending payouts to the bank. */
export function isPayableRunState(state: CouponRunState): boolean {
  return payableRunStates.includes(state);
}
