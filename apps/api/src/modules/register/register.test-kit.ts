import { withHandler } from '../../jobs/job-handler.ts';
import { registrarSubmitJob } from '../../jobs/registrar-submit.job.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import type { TestApp } from '../../test/create-test-app.ts';

/**
 * Creates the `registrar.submit` queue so `queueInstruction` can enqueue. Its handler is wired in
 * `jobs/definitions.ts` by the registrar partner's work; until that lands, this tree's runner knows no
 * such queue. Harmless once it does (creating a queue is idempotent).
 */
export async function ensureRegistrarQueue(t: Pick<TestApp, 'app' | 'partners' | 'config'>): Promise<void> {
  await createJobRunner({
    dbHandle: t.app.dbHandle,
    log: t.app.log,
    partners: t.partners,
    config: t.config,
    definitions: [withHandler(registrarSubmitJob, async () => {})],
  }).init();
}
