import { randomBytes, randomInt } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxCardSessions } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import type { WebhookTransport } from '../../sandbox-webhooks.ts';
import { httpWebhookTransport } from '../../sandbox-webhooks.ts';
import {
  hmacSha256Hex,
  safeEqualHex,
  sandboxSignatureHeader,
  signWebhook,
  verifyWebhookSignature,
} from '../../webhook-signatures.ts';
import type { CardPort, RetrievedSession } from '../port.ts';
import { readStripeEvent } from '../stripe-event.ts';
import { type CardSandboxDelivery, cardSandboxDeliverJob } from './card-sandbox-deliver.job.ts';

/**
 * The sandbox card provider: a small Stripe Checkout inside the app. A checkout session lives in
 * `sandbox_card_sessions` under an unguessable id; its hosted page `/sandbox/card/{sessionId}` lets a
 * tester pay, pay with a 3-D Secure challenge (type the code the page shows), decline, cancel (back to
 * the cancel URL) or let the session expire. Each outcome reaches the platform a moment later
 * (`CARD_SANDBOX_DELAY_SECONDS`, a delayed job) as a signed webhook in Stripe's event shapes, so the
 * platform reads sandbox and Stripe events with the same code.
 */

export type SandboxCardSession = typeof sandboxCardSessions.$inferSelect;

export const sandboxCardActions = [
  'pay',
  'pay_3ds',
  'confirm_3ds',
  'fail_3ds',
  'decline',
  'cancel',
  'expire',
] as const;
export type SandboxCardAction = (typeof sandboxCardActions)[number];

/** Which actions a session allows in each state. */
export const sandboxCardActionsByStatus: Readonly<Record<string, readonly SandboxCardAction[]>> = {
  open: ['pay', 'pay_3ds', 'decline', 'cancel', 'expire'],
  challenge: ['confirm_3ds', 'fail_3ds', 'cancel'],
  complete: [],
  expired: [],
};

export const sandboxCardSessionIdPattern = /^cs_test_[A-Za-z0-9_-]{43}$/;

/** Where the page sends the payer after an action: a URL, or back to the page. */
export type SandboxCardOutcome = { session: SandboxCardSession; redirect: string | null };

export type SandboxCard = CardPort & {
  provider: 'sandbox';
  sandbox: {
    delaySeconds: number;
    findSession: (db: Db, sessionId: string) => Promise<SandboxCardSession | null>;
    formToken: (s: SandboxCardSession) => string;
    act: (opts: {
      db: Db;
      sessionId: string;
      token: string;
      action: SandboxCardAction;
      code?: string;
    }) => Promise<SandboxCardOutcome>;
    deliver: (opts: { db: Db; delivery: CardSandboxDelivery }) => Promise<void>;
  };
};

/** The Stripe-shaped event body the sandbox sends for a session. */
export function sandboxCardEventBody(s: SandboxCardSession, d: CardSandboxDelivery): object {
  const metadata = { order_token: s.orderToken, checkout_session: s.id };
  let object: object;
  if (d.type === 'checkout.session.completed' || d.type === 'checkout.session.expired') {
    object = {
      id: s.id,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: s.amountCents,
      currency: s.currency.toLowerCase(),
      client_reference_id: s.orderToken,
      customer_email: s.customerEmail,
      metadata,
      payment_intent: d.type === 'checkout.session.completed' ? s.paymentIntentId : null,
      payment_status: d.type === 'checkout.session.completed' ? 'paid' : 'unpaid',
      status: d.type === 'checkout.session.completed' ? 'complete' : 'expired',
    };
  } else if (d.type === 'payment_intent.payment_failed') {
    object = {
      id: s.paymentIntentId,
      object: 'payment_intent',
      amount: s.amountCents,
      currency: s.currency.toLowerCase(),
      metadata,
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code:
          d.declineCode === 'authentication_failed'
            ? 'payment_intent_authentication_failure'
            : 'card_declined',
        decline_code: d.declineCode ?? 'generic_decline',
      },
    };
  } else {
    object = {
      id: `ch_test_${s.paymentIntentId.slice(8)}`,
      object: 'charge',
      amount: s.amountCents,
      amount_refunded: d.amountRefundedCents ?? 0,
      currency: s.currency.toLowerCase(),
      metadata,
      payment_intent: s.paymentIntentId,
      refunded: (d.amountRefundedCents ?? 0) >= s.amountCents,
    };
  }
  return {
    id: d.eventId,
    object: 'event',
    api_version: 'sandbox',
    created: d.created,
    livemode: false,
    type: d.type,
    data: { object },
  };
}

export function createSandboxCard(opts: {
  publicUrl: string;
  webhookUrl: string;
  webhookSecret: string;
  formSecret: string;
  delaySeconds: number;
  transport?: WebhookTransport;
}): SandboxCard {
  const transport = opts.transport ?? httpWebhookTransport;

  async function findSession(db: Db, sessionId: string) {
    if (!sandboxCardSessionIdPattern.test(sessionId)) return null;
    const [row] = await db.select().from(sandboxCardSessions).where(eq(sandboxCardSessions.id, sessionId));
    return row ?? null;
  }

  function formToken(s: SandboxCardSession) {
    return hmacSha256Hex(opts.formSecret, `${s.id}:${s.status}:${s.updatedAt.getTime()}`).slice(0, 40);
  }

  async function queue(db: Db, s: SandboxCardSession, type: CardSandboxDelivery['type'], extra = {}) {
    await enqueueJob(
      db,
      cardSandboxDeliverJob,
      {
        sessionId: s.id,
        eventId: `evt_test_${randomBytes(12).toString('hex')}`,
        type,
        created: Math.floor(Date.now() / 1000),
        ...extra,
      },
      { startAfter: opts.delaySeconds },
    );
  }

  const toRetrieved = (s: SandboxCardSession): RetrievedSession => ({
    sessionId: s.id,
    status: s.status === 'complete' || s.status === 'expired' ? s.status : 'open',
    paymentStatus: s.paymentStatus === 'unpaid' ? 'unpaid' : 'paid',
    paymentIntentId: s.paymentStatus === 'unpaid' ? null : s.paymentIntentId,
    orderToken: s.orderToken,
    amountCents: s.amountCents,
    currency: s.currency,
    redirectUrl:
      s.status === 'complete' || s.status === 'expired' ? null : `${opts.publicUrl}/sandbox/card/${s.id}`,
  });

  const withSessionId = (url: string, id: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);

  return {
    provider: 'sandbox',

    async createCheckoutSession(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 50) {
        // Stripe's minimum charge in EUR is 0.50.
        throw new AppError('payment_amount_invalid');
      }
      const id = `cs_test_${randomBytes(32).toString('base64url')}`;
      await input.db
        .insert(sandboxCardSessions)
        .values({
          id,
          paymentIntentId: `pi_test_${randomBytes(12).toString('hex')}`,
          orderToken: input.orderToken,
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description.slice(0, 250),
          customerEmail: input.customerEmail,
          locale: input.locale,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          idempotencyKey: input.idempotencyKey,
          expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
        })
        .onConflictDoNothing({ target: sandboxCardSessions.idempotencyKey });
      // A repeated key answers the session it opened first (Stripe's idempotency).
      const [row] = await input.db
        .select()
        .from(sandboxCardSessions)
        .where(eq(sandboxCardSessions.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error('sandbox card session was not stored');
      if (row.orderToken !== input.orderToken || row.amountCents !== input.amountCents) {
        throw new AppError('invalid_transition', { detail: 'idempotency key reused with other parameters' });
      }
      return { sessionId: row.id, redirectUrl: `${opts.publicUrl}/sandbox/card/${row.id}` };
    },

    async retrieveSession({ db, sessionId }) {
      const s = await findSession(db, sessionId);
      return s ? toRetrieved(s) : null;
    },

    async refund({ db, paymentIntentId, amountCents }) {
      if (!Number.isSafeInteger(amountCents) || amountCents < 1) throw new AppError('payment_amount_invalid');
      return db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(sandboxCardSessions)
          .where(eq(sandboxCardSessions.paymentIntentId, paymentIntentId))
          .for('update');
        if (!s || s.paymentStatus === 'unpaid') throw new AppError('not_found');
        if (s.refundedCents + amountCents > s.amountCents) throw new AppError('payment_amount_invalid');
        const refunded = s.refundedCents + amountCents;
        const [updated] = await tx
          .update(sandboxCardSessions)
          .set({
            refundedCents: refunded,
            paymentStatus: refunded === s.amountCents ? 'refunded' : 'partially_refunded',
            updatedAt: new Date(Math.max(Date.now(), s.updatedAt.getTime() + 1)),
          })
          .where(eq(sandboxCardSessions.id, s.id))
          .returning();
        await queue(tx, updated!, 'charge.refunded', { amountRefundedCents: refunded });
        return {
          refundId: `re_test_${randomBytes(12).toString('hex')}`,
          status: 'succeeded' as const,
          amountCents,
        };
      });
    },

    verifyWebhook({ rawBody, headers }) {
      const header = headers[sandboxSignatureHeader];
      if (typeof header !== 'string') return { ok: false, reason: 'missing' };
      const check = verifyWebhookSignature({ secret: opts.webhookSecret, rawBody, header });
      if (!check.ok) return { ok: false, reason: check.reason };
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const event = readStripeEvent(body);
      return event ? { ok: true, event } : { ok: false, reason: 'malformed' };
    },

    sandbox: {
      delaySeconds: opts.delaySeconds,
      findSession,
      formToken,

      async act({ db, sessionId, token, action, code }) {
        if (!sandboxCardSessionIdPattern.test(sessionId)) throw new AppError('not_found');
        return db.transaction(async (tx) => {
          const [s] = await tx
            .select()
            .from(sandboxCardSessions)
            .where(eq(sandboxCardSessions.id, sessionId))
            .for('update');
          if (!s) throw new AppError('not_found');
          if (!safeEqualHex(token, formToken(s))) {
            throw new AppError('invalid_transition', { detail: 'the form is out of date' });
          }
          // An open session past its expiry can only expire.
          const expired = s.expiresAt.getTime() <= Date.now() && s.status !== 'complete';
          const allowed = expired ? (['expire'] as const) : (sandboxCardActionsByStatus[s.status] ?? []);
          if (!(allowed as readonly string[]).includes(action)) {
            throw new AppError('invalid_transition', {
              detail: `sandbox card session: ${s.status} -> ${action}`,
            });
          }
          const updatedAt = new Date(Math.max(Date.now(), s.updatedAt.getTime() + 1));
          const set = async (values: Partial<SandboxCardSession>) => {
            const [row] = await tx
              .update(sandboxCardSessions)
              .set({ ...values, updatedAt })
              .where(eq(sandboxCardSessions.id, s.id))
              .returning();
            return row!;
          };
          switch (action) {
            case 'pay':
            case 'confirm_3ds': {
              if (action === 'confirm_3ds') {
                const given = (code ?? '').trim();
                if (!s.challengeCode || !/^\d{6}$/.test(given) || given !== s.challengeCode) {
                  const failed = await set({
                    status: 'open',
                    challengeCode: null,
                    lastError: 'authentication_failed',
                  });
                  await queue(tx, failed, 'payment_intent.payment_failed', {
                    declineCode: 'authentication_failed',
                  });
                  return { session: failed, redirect: null };
                }
              }
              const paid = await set({
                status: 'complete',
                paymentStatus: 'paid',
                challengeCode: null,
                lastError: null,
              });
              await queue(tx, paid, 'checkout.session.completed');
              return { session: paid, redirect: withSessionId(s.successUrl, s.id) };
            }
            case 'pay_3ds': {
              const challenged = await set({
                status: 'challenge',
                challengeCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
              });
              return { session: challenged, redirect: null };
            }
            case 'fail_3ds': {
              const failed = await set({
                status: 'open',
                challengeCode: null,
                lastError: 'authentication_failed',
              });
              await queue(tx, failed, 'payment_intent.payment_failed', {
                declineCode: 'authentication_failed',
              });
              return { session: failed, redirect: null };
            }
            case 'decline': {
              const declined = await set({ lastError: 'card_declined' });
              await queue(tx, declined, 'payment_intent.payment_failed', { declineCode: 'card_declined' });
              return { session: declined, redirect: null };
            }
            case 'cancel': {
              // Like Stripe: the payer goes back; the session stays open until it expires.
              const back = await set({ status: 'open', challengeCode: null });
              return { session: back, redirect: withSessionId(s.cancelUrl, s.id) };
            }
            case 'expire': {
              const gone = await set({ status: 'expired', challengeCode: null, expiresAt: updatedAt });
              await queue(tx, gone, 'checkout.session.expired');
              return { session: gone, redirect: null };
            }
          }
        });
      },

      async deliver({ db, delivery }) {
        const s = await findSession(db, delivery.sessionId);
        if (!s) throw new Error('sandbox card session not found');
        const body = JSON.stringify(sandboxCardEventBody(s, delivery));
        const { status } = await transport({
          url: opts.webhookUrl,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'tokenwerk-card-sandbox/1',
            [sandboxSignatureHeader]: signWebhook(opts.webhookSecret, body),
          },
          body,
        });
        if (status < 200 || status > 299)
          throw new Error(`the platform answered ${status} to the card webhook`);
      },
    },
  };
}
