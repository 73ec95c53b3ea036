import { kycFinalStates } from '@token/domain/identification';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { identifications, partnerEvents } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { identificationFetchResultJob } from '../../jobs/identification-fetch-result.job.ts';
import { identificationProcessJob } from '../../jobs/identification-process.job.ts';
import type { IdentificationEvent, IdentificationPort } from '../../partners/identification/port.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';

export type WebhookReceipt = {
  /** The event was recorded before (a replay or a repeated delivery): nothing was done. */
  duplicate: boolean;
  /** Why the event will not be applied (it is kept with this error), or null. */
  problem: string | null;
};

/**
 * Records one result event of the partner once by its id and, in the same transaction, enqueues the
 * job that applies it (outbox style). An event that cannot be applied (an unknown event type, an
 * unknown transaction, a payload the adapter does not understand) is kept with its `error`.
 */
export async function recordIdentificationEvent(
  tx: Tx,
  opts: { provider: string; event: IdentificationEvent; payload: unknown },
): Promise<WebhookReceipt> {
  const { provider, event } = opts;
  const id = await recordPartnerEvent(tx, {
    provider,
    eventId: event.eventId,
    type: event.type,
    payload: opts.payload,
  });
  if (id === null) return { duplicate: true, problem: null };
  let problem: string | null = event.problem;
  if (!problem && event.transactionNumber) {
    const [known] = await tx
      .select({ id: identifications.id })
      .from(identifications)
      .where(
        and(eq(identifications.provider, provider), eq(identifications.externalId, event.transactionNumber)),
      );
    if (!known) problem = 'unknown_transaction';
  }
  if (problem) {
    await tx
      .update(partnerEvents)
      .set({ error: problem, processedAt: new Date() })
      .where(eq(partnerEvents.id, id));
  } else {
    await enqueueJob(tx, identificationProcessJob, { partnerEventId: id });
  }
  return { duplicate: false, problem };
}

/**
 * Receives a verified identification webhook (convention 4): `payload` is what the partner's
 * signature covers, never the unverified body.
 */
export async function receiveIdentificationWebhook(opts: {
  db: Database;
  partner: IdentificationPort;
  payload: unknown;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<WebhookReceipt> {
  const { db, partner, payload, log } = opts;
  const event = partner.readEvent(payload, Buffer.from(JSON.stringify(payload ?? null), 'utf8'));
  const receipt = await db.transaction((tx) =>
    recordIdentificationEvent(tx, { provider: partner.provider, event, payload }),
  );
  if (receipt.problem) {
    log.warn(
      { provider: partner.provider, eventId: event.eventId, type: event.type, problem: receipt.problem },
      'identification webhook recorded but not applied',
    );
  }
  return receipt;
}

/**
 * A webhook that could not be verified (decision 029): its body is not believed, but the transaction
 * it names, if it is an identification of this partner still waiting for its decision, has its result
 * fetched from the partner's API (a job, so the answer to the sender does not wait for the partner).
 * Answers whether a fetch was queued; the sender is told nothing either way.
 */
export async function requestIdentificationResultFetch(opts: {
  db: Database;
  provider: string;
  transactionNumber: string | null;
}): Promise<boolean> {
  const { db, provider, transactionNumber } = opts;
  if (!transactionNumber) return false;
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: identifications.id })
      .from(identifications)
      .where(
        and(
          eq(identifications.provider, provider),
          eq(identifications.externalId, transactionNumber),
          notInArray(identifications.state, [...kycFinalStates]),
        ),
      );
    if (!open) return false;
    await enqueueJob(tx, identificationFetchResultJob, {
      identificationId: open.id,
      reason: 'unverified_webhook',
    });
    return true;
  });
}
