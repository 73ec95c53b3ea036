import type { JobContext } from '../../../jobs/job-handler.ts';
import type { SandboxDelivery } from './identification-sandbox-deliver.job.ts';

/** Posts the sandbox identification partner's signed result webhook to the platform's route. */
export async function handleIdentificationSandboxDeliver(
  { db, partners, log }: JobContext,
  delivery: SandboxDelivery,
): Promise<void> {
  const partner = partners.identification;
  if (partner.provider !== 'sandbox' || !('sandbox' in partner)) {
    // The platform switched to a real partner while a sandbox decision was waiting.
    log.warn(
      { eventId: delivery.eventId },
      'sandbox KYC decision dropped: the sandbox partner is not active',
    );
    return;
  }
  await partner.sandbox.deliver({ db, delivery });
  log.info({ eventId: delivery.eventId, result: delivery.result }, 'sandbox KYC decision delivered');
}
