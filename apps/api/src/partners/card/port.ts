import { AppError } from '@token/domain/errors';
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
  /**
   * The same key with the same parameters answers the first answer again (a retried request never
   * opens two sessions); the same key with other parameters is refused. Keys are kept 24 hours.
   */
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

/**
 * What an event means for the payment: paid, still pending, expired, failed, refunded in part or in
 * full, or nothing.
 */
export const cardEventStatuses = [
  'paid',
  'pending',
  'expired',
  'failed',
  'partially_refunded',
  'refunded',
  'ignored',
] as const;
export type CardEventStatus = (typeof cardEventStatuses)[number];

/** A provider event read from a verified webhook. */
export type CardEvent = {
  id: string;
  /** The provider's type (`checkout.session.completed`, `charge.refunded`, …). */
  type: string;
  sessionId: string | null;
  paymentIntentId: string | null;
  orderToken: string | null;
  /**
   * The amount paid, or for a refund the amount refunded so far (all refunds of the charge together),
   * in cents.
   */
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
  /**
   * Expires an open session so that it can no longer be paid, and answers the session as it stands
   * then: expired, or complete when it was paid first. Null for an unknown session.
   */
  expireSession: (opts: { db: Db; sessionId: string }) => Promise<RetrievedSession | null>;
  refund: (input: RefundInput) => Promise<CardRefund>;
  /** Checks the signature over the raw body (constant time, 300 s tolerance) and reads the event. */
  verifyWebhook: (webhook: IncomingWebhook) => CardWebhookCheck;
};

/**
 * The provider answered a request with a failure (a 5xx, a refused idempotency key, a refused
 * parameter). Stripe keeps such an answer under the request's idempotency key and gives it again to
 * every retry with that key for 24 hours, so the caller's next attempt takes a new key. A failure
 * without an answer (network, timeout) stays a plain `partner_unavailable`: the request may have been
 * carried out, and a retry with the same key finds its result.
 */
export class CardPartnerRefusal extends AppError {
  readonly partnerStatus: number;
  /** The provider's error type or code (`api_error`, `idempotency_error`, …), when it gave one. */
  readonly partnerCode: string | null;

  constructor(opts: { partnerStatus: number; partnerCode?: string | null; detail: string }) {
    super('partner_unavailable', { detail: opts.detail });
    this.name = 'CardPartnerRefusal';
    this.partnerStatus = opts.partnerStatus;
    this.partnerCode = opts.partnerCode ?? null;
  }
}
