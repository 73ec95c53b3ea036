/*
 * Data protection (GDPR, issue 19): the retention table (Art. 17 (3) (b)), the erasure request's
 * lifecycle and open-position rule, and the views and inputs of export and erasure.
 */
export * from './erasure-state.ts';
export * from './retention.ts';
export * from './views.ts';
