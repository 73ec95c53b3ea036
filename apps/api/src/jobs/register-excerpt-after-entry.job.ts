import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import type { registerEntries } from '../db/schema/index.ts';
import { enqueueJob } from './enqueue.ts';
import { defineJob } from './job.ts';

/**
 * eWpG § 19: after every register entry that concerns a holder, an `after_transaction` excerpt
 * covering the entries since their previous one, with a notice mail; handled by
 * `register-excerpt-after-entry.handler.ts`, idempotent per holder, bond and entry.
 */
export const registerExcerptAfterEntryJob = defineJob({
  name: 'register.excerpt-after-entry',
  payload: z.object({
    productId: z.number().int().min(1),
    customerId: z.number().int().min(1),
    throughSequence: z.number().int().min(1),
  }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
});

/**
 * Enqueues the after-entry excerpts of a journal entry for each holder it concerns (the sender and
 * the receiver of a transfer, the holder of a mint or burn), on the handle of the transaction that
 * appends the entry, so the excerpts exist exactly when the entry does (outbox style).
 */
export async function enqueueExcerptsAfterEntry(
  tx: Tx,
  entry: Pick<
    typeof registerEntries.$inferSelect,
    'productId' | 'sequence' | 'fromCustomerId' | 'toCustomerId'
  >,
): Promise<void> {
  const holders = new Set([entry.fromCustomerId, entry.toCustomerId]);
  for (const customerId of holders) {
    if (customerId === null) continue;
    await enqueueJob(tx, registerExcerptAfterEntryJob, {
      productId: entry.productId,
      customerId,
      throughSequence: entry.sequence,
    });
  }
}
