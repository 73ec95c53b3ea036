import type { JobContext } from '../../../jobs/job-handler.ts';
import { isSandboxCustody } from '../create-custody.ts';
import type { SandboxReport } from './custody-sandbox-deliver.job.ts';

/**
 * Posts one signed report of the sandbox custodian to the platform; the platform records each event
 * id once, so a repeated delivery changes nothing.
 */
export async function handleCustodySandboxDeliver(
  { partners, log }: JobContext,
  report: SandboxReport,
): Promise<void> {
  if (!isSandboxCustody(partners.custody)) {
    log.warn(
      { eventId: report.eventId },
      'sandbox custody report left: the custody partner is not the sandbox',
    );
    return;
  }
  await partners.custody.sandbox.deliver(report);
}
