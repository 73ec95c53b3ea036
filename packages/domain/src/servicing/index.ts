/*
 * Bond servicing (issue 17): the TARGET2 calendar, day counts, the bond terms, the coupon schedule,
 * who gets how much of a coupon or redemption, referral commissions and the ledger that proves the
 * money balances. Pure: days are passed in, nothing reads a clock.
 */
export * from './admin-views.ts';
export * from './allocation.ts';
export * from './commissions.ts';
export * from './day-count.ts';
export * from './example-terms.ts';
export * from './expected-payouts.ts';
export * from './ledger.ts';
export * from './lifecycle.ts';
export * from './product-facts.ts';
export * from './rational.ts';
export * from './schedule.ts';
export * from './sepa-text.ts';
export * from './target2.ts';
export * from './terms.ts';
export * from './views.ts';
