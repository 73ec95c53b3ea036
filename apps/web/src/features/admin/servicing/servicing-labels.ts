import type { CouponRunStatus, PayoutRowStatus } from '@token/domain/servicing';
import type { Tone } from '../components/labels.ts';

/** How a coupon run's status reads at a glance. */
export function runStatusTone(status: CouponRunStatus): Tone {
  switch (status) {
    case 'prepared':
      return 'info';
    case 'approved':
      return 'warn';
    case 'paid':
      return 'good';
    case 'partially_failed':
      return 'bad';
  }
}

/** How a payout's status reads at a glance. */
export function payoutStatusTone(status: PayoutRowStatus): Tone {
  return status === 'paid' ? 'good' : status === 'failed' ? 'bad' : 'warn';
}

/** The address of a run's panel on the bond page. */
export const runSearch = (runId: number) => `?tab=payouts&run=${runId}`;
