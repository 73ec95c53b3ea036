import { z } from 'zod';
import { defineJob } from '../../../jobs/job.ts';

/** One event of the sandbox card provider, waiting to be delivered to the platform. */
export const cardSandboxDeliverySchema = z.object({
  sessionId: z.string().min(1).max(100),
  /** The webhook's event id: the same for every attempt, so the platform applies it once. */
  eventId: z.string().min(1).max(100),
  type: z.enum([
    'checkout.session.completed',
    'checkout.session.expired',
    'payment_intent.payment_failed',
    'charge.refunded',
  ]),
  /** Unix seconds of the event. */
  created: z.number().int(),
  /** For `charge.refunded`: the amount refunded so far; for a failure: the decline code. */
  amountRefundedCents: z.number().int().min(0).optional(),
  declineCode: z.string().max(60).optional(),
});
export type CardSandboxDelivery = z.infer<typeof cardSandboxDeliverySchema>;

/**
 * The sandbox card provider's side of a payer's decision or a refund: its Stripe-shaped signed
 * webhook (`CARD_SANDBOX_DELAY_SECONDS` later); refused deliveries are retried. Handled by
 * `card-sandbox-deliver.handler.ts`.
 */
export const cardSandboxDeliverJob = defineJob({
  name: 'card.sandbox-deliver',
  payload: cardSandboxDeliverySchema,
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  timeoutSeconds: 60,
});
