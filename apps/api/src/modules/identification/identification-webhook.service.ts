import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { identifications, partnerEvents } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { identificationProcessJob } from '../../jobs/identification-process.job.ts';
import type { IdentificationPort } from '../../partners/identification/port.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';

export type WebhookReceipt = {
  /** The event was recorded before (a replay or a repeated delivery): nothing was done. */
  duplicate: boolean;
  /** Why the event will not be applied (it is kept with this error), or null. */
  problem: string | null;
};

/**
 * Receives a verified identification webhook (convention 4): records the event once by its id and,
 * in the same transaction, enqueues the job that applies it. An event that cannot be applied (an
 * unknown event type, an unknown transaction, a payload the adapter does not understand) is recorded
 * with its `error`, logged and answered as received, so the partner does not retry it forever.
 */
export async function receiveIdentificationWebhook(opts: {
  db: Database;
  partner: IdentificationPort;
  body: unknown;
  rawBody: Buffer;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<WebhookReceipt> {
  const { db, partner, body, rawBody, log } = opts;
  const event = partner.readEvent(body, rawBody);
  const receipt = await db.transaction(async (tx): Promise<WebhookReceipt> => {
    const id = await recordPartnerEvent(tx, {
      provider: partner.provider,
      eventId: event.eventId,
      type: event.type,
      payload: body,
    });
    if (id === null) return { duplicate: true, problem: null };
    let problem: string | null = event.problem;
    if (!problem && event.transactionNumber) {
      const [known] = await tx
        .select({ id: identifications.id })
        .from(identifications)
        .where(
          and(
            eq(identifications.provider, partner.provider),
            eq(identifications.externalId, event.transactionNumber),
          ),
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
  });
  if (receipt.problem) {
    log.warn(
      { provider: partner.provider, eventId: event.eventId, type: event.type, problem: receipt.problem },
      'identification webhook recorded but not applied',
    );
  }
  return receipt;
}
