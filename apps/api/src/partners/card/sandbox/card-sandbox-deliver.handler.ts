import type { JobContext } from '../../../jobs/job-handler.ts';
import { isSandboxCard } from '../create-card.ts';
import type { CardSandboxDelivery } from './card-sandbox-deliver.job.ts';

/** Posts one sandbox card event (Stripe-shaped, signed) to the platform's webhook. */
export async function handleCardSandboxDeliver(
  { db, partners, log }: JobContext,
  delivery: CardSandboxDelivery,
): Promise<void> {
  if (!isSandboxCard(partners.card)) {
    log.warn({ eventId: delivery.eventId }, 'sandbox card event dropped: the sandbox provider is not active');
    return;
  }
  await partners.card.sandbox.deliver({ db, delivery });
  log.info({ eventId: delivery.eventId, type: delivery.type }, 'sandbox card event delivered');
}
