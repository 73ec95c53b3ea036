import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download.ts';
import { bondPath } from './get-register.ts';

/** The payout file's name: bond, run and period (`SOLAR_2031-run-4-period-2.xml`). */
export const payoutFileName = (code: string, runId: number, periodIndex: number) =>
  `${code.replace(/[^A-Za-z0-9_-]+/g, '-')}-run-${runId}-period-${periodIndex}.xml`;

/** GET .../coupon-runs/{id}/payout-file: the pain.001 of the run's pending payouts, saved as a file. */
export function downloadPayoutFile(call: {
  code: string;
  runId: number;
  periodIndex: number;
}): Promise<void> {
  return downloadWithToken(
    `${bondPath(call.code)}/coupon-runs/${call.runId}/payout-file`,
    payoutFileName(call.code, call.runId, call.periodIndex),
    'application/xml',
  );
}

/** Downloads the payout file; its refusals (409 with detail) go to the caller. */
export function useDownloadPayoutFile() {
  return useMutation({ mutationFn: downloadPayoutFile, meta: { silentErrors: true } });
}
