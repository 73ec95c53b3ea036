/*
 * The operator's servicing views moved to the domain (`@token/domain/servicing`, admin-views.ts,
 * convention 6). Kept as a re-export for `payout-settlement.service.ts` until it imports the domain.
 */
export type { PayoutAdminView, PayoutNoticeResult } from '@token/domain/servicing';
