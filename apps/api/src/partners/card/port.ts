import type { Locale } from '@token/domain/i18n';
import type { Db } from '../../db/client.ts';
import type { IncomingWebhook } from '../identification/port.ts';

/**
 * The card payment provider (convention 4): the platform opens a hosted checkout for an order, the
 * payer pays (or not) on the provider's page and comes back to the success or cancel URL, and the
 * provider confirms by signed webhook, which alone counts. Adapters: the built-in sandbox (default)
 * and Stripe Checkout (`STRIPE_SECRET_KEY` set). Events are modelled on Stripe's.
 */

export type { IncomingWebhook };

export type CreateCheckoutSessionInput = {
  /** The platform's database: the sandbox keeps its sessions there; Stripe ignores it. */
  db: Db;
  orderToken: string;
  amountCents: number;
  currency: 'EUR';
  /** What the payer sees as the item (the order's summary). */
  description: string;
  customerEmail: string | null;
  locale: Locale;
  /** May contain `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** The same key twice opens one session (a retried request never charges twice). */
  idempotencyKey: string;
};

export type CheckoutSession = { sessionId: string; redirectUrl: string };

export type RetrievedSession = {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId: string | null;
  orderToken: string | null;
  amountCents: number;
  currency: string;
  /** The hosted checkout page while the session is open (null once complete or expired). */
  redirectUrl: string | null;
};

export type RefundInput = { db: Db; paymentIntentId: string; amountCents: number; idempotencyKey?: string };
export type CardRefund = {
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
  amountCents: number;
};

/** What an event means for the payment: paid, still pending, expired, failed, refunded, or nothing. */
export const cardEventStatuses = ['paid', 'pending', 'expired', 'failed', 'refunded', 'ignored'] as const;
export type CardEventStatus = (typeof cardEventStatuses)[number];

/** A provider event read from a verified webhook. */
export type CardEvent = {
  id: string;
  /** The provider's type (`checkout.session.completed`, `charge.refunded`, …). */
  type: string;
  sessionId: string | null;
  paymentIntentId: string | null;
  orderToken: string | null;
  /** The amount paid, or for a refund the amount refunded so far, in cents. */
  amountCents: number | null;
  status: CardEventStatus;
};

export type CardWebhookCheck =
  | { ok: true; event: CardEvent }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired' };

/** One adapter of the card provider. */
export type CardPort = {
  provider: string;
  /** Throws `AppError('partner_unavailable')` when the provider fails. */
  createCheckoutSession: (input: CreateCheckoutSessionInput) => Promise<CheckoutSession>;
  /** Null for an unknown session. */
  retrieveSession: (opts: { db: Db; sessionId: string }) => Promise<RetrievedSession | null>;
  refund: (input: RefundInput) => Promise<CardRefund>;
  /** Checks the signature over the raw body (constant time, 300 s tolerance) and reads the event. */
  verifyWebhook: (webhook: IncomingWebhook) => CardWebhookCheck;
};
