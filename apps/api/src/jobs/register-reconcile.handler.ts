import { reconcileAllBonds } from '../modules/register/reconciliation.service.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';
import type { registerReconcileJob } from './register-reconcile.job.ts';

/** Reconciles every bond with journal entries against the configured registrar. */
export async function handleRegisterReconcile(
  { db, partners, log }: JobContext,
  _payload: JobPayload<typeof registerReconcileJob>,
): Promise<void> {
  await reconcileAllBonds({ db, registrar: partners.registrar, log });
}
