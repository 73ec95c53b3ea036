import { z } from 'zod';
import { applyRegistrarEvent } from '../modules/wallets/registrar.service.ts';
import { defineJob } from './job.ts';

/**
 * Applies one registrar status a custodian reported (enqueued with the recorded webhook event):
 * registrar status, customer follow-up, audit log and the customer's mail in one transaction.
 * Idempotent: an event already processed is skipped. A report about a wallet not stored yet is
 * retried (it overtook the request that opened the wallet), and given up on the last attempt.
 */
export const custodyRegistrarStatusJob = defineJob({
  name: 'custody.registrar-status',
  payload: z.object({
    partnerEventId: z.number().int().positive(),
    /** For the links in the customer's mail. */
    publicUrl: z.url(),
  }),
  // About 5 s, 10 s, 20 s … 10 min.
  retry: { limit: 7, delaySeconds: 5, backoff: true },
  timeoutSeconds: 120,
  async handler({ db, partners, log, job }, { partnerEventId, publicUrl }) {
    const outcome = await applyRegistrarEvent({
      db,
      mail: partners.mail,
      partnerEventId,
      publicUrl,
      isLastAttempt: job.attempt >= job.maxAttempts,
      log,
    });
    log.debug({ partnerEventId, outcome }, 'registrar status event handled');
  },
});
