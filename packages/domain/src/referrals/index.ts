/*
 * Referral commissions (issue 17, spec 1 and 3): the views of the partner's page, the operators'
 * partner list and the commission statement. The booking itself is servicing/commissions.ts.
 */
export * from './views.ts';
