import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { partnerEvents } from '../../db/schema/index.ts';
import { custodyRegistrarStatusJob } from '../../jobs/custody-registrar-status.job.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { CustodyPort, RegistrarStatusEvent, UnknownCustodyEvent } from '../../partners/custody/port.ts';
import { recordPartnerEvent } from '../partner-events/partner-events.service.ts';
import type { storedRegistrarEventSchema } from './registrar.service.ts';

/**
 * Takes a verified custodian webhook (convention 4): records it once by event id and, in the same
 * transaction, queues the job that applies it. A repeated or replayed event is recognised and does
 * nothing; an event type the platform does not know is kept, marked with why it was not applied.
 */
export async function receiveCustodyWebhook(opts: {
  db: Database;
  custody: CustodyPort;
  provider: string;
  event: RegistrarStatusEvent | UnknownCustodyEvent;
  raw: unknown;
}): Promise<'recorded' | 'duplicate'> {
  const { db, event } = opts;
  return db.transaction(async (tx) => {
    if ('unknown' in event) {
      const id = await recordPartnerEvent(tx, {
        provider: opts.provider,
        eventId: event.eventId,
        type: event.type,
        payload: opts.raw,
      });
      if (id === null) return 'duplicate';
      await tx
        .update(partnerEvents)
        .set({ processedAt: sql`now()`, error: `unknown event type ${event.type.slice(0, 100)}` })
        .where(eq(partnerEvents.id, id));
      return 'recorded';
    }
    const id = await recordPartnerEvent(tx, {
      provider: opts.provider,
      eventId: event.eventId,
      type: event.type,
      payload: {
        custodian: opts.custody.kind,
        walletId: event.walletId,
        status: event.status,
        message: event.message,
        occurredAt: event.occurredAt,
        raw: opts.raw,
      } satisfies z.infer<typeof storedRegistrarEventSchema>,
    });
    if (id === null) return 'duplicate';
    await enqueueJob(tx, custodyRegistrarStatusJob, { partnerEventId: id });
    return 'recorded';
  });
}
