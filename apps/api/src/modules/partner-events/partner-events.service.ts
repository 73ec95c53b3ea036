import type { Database, Tx } from '../../db/client.ts';
import { partnerEvents } from '../../db/schema/index.ts';

/**
 * Records a partner event once. Returns the new row's id, or null when the event was seen before
 * (a replay or a repeated delivery): the caller then answers 200 and does nothing else.
 */
export async function recordPartnerEvent(
  db: Database | Tx,
  event: { provider: string; eventId: string; type: string; payload: unknown },
): Promise<number | null> {
  const [row] = await db
    .insert(partnerEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type, payload: event.payload })
    .onConflictDoNothing({ target: [partnerEvents.provider, partnerEvents.eventId] })
    .returning({ id: partnerEvents.id });
  return row?.id ?? null;
}
