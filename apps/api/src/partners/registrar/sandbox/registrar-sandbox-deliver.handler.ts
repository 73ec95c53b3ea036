import type { JobContext } from '../../../jobs/job-handler.ts';
import { isSandboxRegistrar } from '../create-registrar.ts';
import type { RegistrarSandboxDelivery } from './registrar-sandbox-deliver.job.ts';

/**
 * Executes a due sandbox instruction on the sandbox ledger (once: a stale or decided schedule does
 * nothing more) and posts its signed answer to the platform; throws when the platform refuses the
 * delivery, so the job retries the same event.
 */
export async function handleRegistrarSandboxDeliver(
  { db, partners, log }: JobContext,
  delivery: RegistrarSandboxDelivery,
): Promise<void> {
  if (!isSandboxRegistrar(partners.registrar)) {
    log.warn({ key: delivery.key }, 'sandbox registrar answer dropped: the registrar is not the sandbox');
    return;
  }
  const outcome = await partners.registrar.sandbox.deliver({ db, delivery });
  log.info({ key: delivery.key, outcome }, 'sandbox registrar answer');
}
