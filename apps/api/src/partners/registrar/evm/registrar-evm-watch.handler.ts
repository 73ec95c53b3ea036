import { enqueueJob } from '../../../jobs/enqueue.ts';
import type { JobPayload } from '../../../jobs/job.ts';
import type { JobContext } from '../../../jobs/job-handler.ts';
import { receiveRegistrarWebhook } from '../../../modules/register/registrar-events.service.ts';
import type { EvmRegistrar } from './evm-registrar.ts';
import { registrarEvmWatchJob } from './registrar-evm-watch.job.ts';

// A transaction still pending after this many looks is logged as a warning (then every as many again).
const stuckAfterPolls = 100;

/**
 * Watches one EVM instruction: once decided (confirmed after REGISTRAR_CONFIRMATIONS blocks, or
 * refused) the answer is recorded exactly as a registrar webhook is (partner event, deduplicated by
 * event id, with its `registrar.event` job), so the booking has one path; still pending, it looks again.
 */
export async function handleRegistrarEvmWatch(
  { db, partners, log }: JobContext,
  payload: JobPayload<typeof registrarEvmWatchJob>,
): Promise<void> {
  const registrar = partners.registrar;
  if (registrar.kind !== 'evm' || !('evm' in registrar)) {
    log.warn(
      { key: payload.key },
      'registrar evm watch: the registrar is no longer the EVM adapter; skipped',
    );
    return;
  }
  const { evm } = registrar as EvmRegistrar;
  if (payload.refused) {
    const outcome = await receiveRegistrarWebhook({
      db,
      provider: evm.provider,
      registrar: 'evm',
      event: {
        eventId: `evm:refused:${payload.key}`,
        type: 'instruction.refused',
        key: payload.key,
        transactionHash: null,
        blockTime: null,
        ...payload.refused,
      },
      raw: { chainId: evm.chainId, refusedBeforeChain: true },
    });
    log.info(
      { key: payload.key, outcome, reason: payload.refused.reason },
      'registrar evm: refused before the chain',
    );
    return;
  }
  const result = await evm.watch({ db, key: payload.key });
  if (result.status === 'pending') {
    const poll = payload.poll + 1;
    if (poll % stuckAfterPolls === 0) {
      log.warn({ key: payload.key, poll, reason: result.reason }, 'registrar evm: transaction still pending');
    }
    await enqueueJob(db, registrarEvmWatchJob, { ...payload, poll }, { startAfter: evm.pollSeconds });
    return;
  }
  const outcome = await receiveRegistrarWebhook({
    db,
    provider: evm.provider,
    registrar: 'evm',
    event: result.event,
    raw: result.raw,
  });
  log.info(
    { key: payload.key, type: result.event.type, transactionHash: result.event.transactionHash, outcome },
    'registrar evm: answer recorded',
  );
}
