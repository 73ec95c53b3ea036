import { createHash, randomBytes, randomInt } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { and, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { sandboxCardRequests, sandboxCardSessions } from '../../../db/schema/index.ts';
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
import { CardPartnerRefusal, type CardPort, type RetrievedSession } from '../port.ts';
import { readStripeEvent } from '../stripe-event.ts';
import { type CardSandboxDelivery, cardSandboxDeliverJob } from './card-sandbox-deliver.job.ts';

/**
 * The sandbox card provider: a small Stripe Checkout inside the app. A checkout session lives in
 * `sandbox_card_sessions` under an unguessable id; its hosted page `/sandbox/card/{sessionId}` lets a
 * tester pay, pay with a 3-D Secure challenge (type the code the page shows), decline, cancel (back to
 * the cancel URL) or let the session expire. Each outcome reaches the platform a moment later
 * (`CARD_SANDBOX_DELAY_SECONDS`, a delayed job) as a signed webhook in Stripe's event shapes, so the
 * platform reads sandbox and Stripe events with the same code.
 *
 * Like Stripe (decision 028) it keeps each idempotency key's first answer with the endpoint and the
 * parameters it came with (`sandbox_card_requests`): the same key again answers the same, a failure
 * too; with other parameters it is refused (400 `idempotency_error`); after 24 hours (by its clock)
 * the key is forgotten. Open sessions can be expired; refunds, in part or in full, are reported by
 * `charge.refunded` with the charge's amounts. Tests make a request fail with `simulateFailure`.
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

/** How long the provider keeps an idempotency key (Stripe: keys are pruned once 24 hours old). */
export const sandboxCardKeyLifetimeMs = 24 * 60 * 60 * 1000;

/** The sandbox's endpoints that take an idempotency key, named after Stripe's. */
export type SandboxCardEndpoint = 'checkout.sessions.create' | 'checkout.sessions.expire' | 'refunds.create';

/**
 * A failure to simulate on the next request to an endpoint: `error` answers 500 and keeps that answer
 * under the request's key (as Stripe does); `lost` carries the request out but the answer never
 * arrives (a timeout: the caller sees `partner_unavailable`).
 */
export type SandboxCardFailure = { endpoint: SandboxCardEndpoint; mode: 'error' | 'lost' };

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
    /** Makes the next request to the endpoint fail as described (tests). */
    simulateFailure: (failure: SandboxCardFailure) => void;
  };
};

/** An answer as the provider keeps it under an idempotency key. */
type KeptAnswer = { statusCode: number; response: unknown };

const digestOf = (params: readonly unknown[]) =>
  createHash('sha256').update(JSON.stringify(params)).digest('hex');

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
  /** The provider's clock (session expiry, the 24 hours of a key); tests move it. */
  now?: () => Date;
}): SandboxCard {
  const transport = opts.transport ?? httpWebhookTransport;
  const now = opts.now ?? (() => new Date());
  const failures: SandboxCardFailure[] = [];

  function takeFailure(endpoint: SandboxCardEndpoint, mode: SandboxCardFailure['mode']): boolean {
    const i = failures.findIndex((f) => f.endpoint === endpoint && f.mode === mode);
    if (i < 0) return false;
    failures.splice(i, 1);
    return true;
  }

  /**
   * Runs a request under its idempotency key as Stripe does: the key's kept answer when the endpoint
   * and parameters match, `idempotency_error` when they do not, else the request itself, whose answer
   * (a failure too) is kept with the key. A key older than 24 hours is forgotten first. A request
   * that throws (refused parameters) keeps nothing, like Stripe's validation. A request without a key
   * just runs. The key's row is claimed first, so a concurrent request with it waits and replays.
   */
  async function idempotent(
    db: Db,
    req: { endpoint: SandboxCardEndpoint; key: string | undefined; params: readonly unknown[] },
    run: (tx: Tx) => Promise<KeptAnswer>,
  ): Promise<unknown> {
    const lost = takeFailure(req.endpoint, 'lost');
    const answer = await db.transaction(async (tx) => {
      const key = req.key;
      if (!key) return run(tx);
      const at = now();
      const paramsDigest = digestOf(params(req));
      await tx
        .delete(sandboxCardRequests)
        .where(
          and(
            eq(sandboxCardRequests.idempotencyKey, key),
            lte(sandboxCardRequests.createdAt, new Date(at.getTime() - sandboxCardKeyLifetimeMs)),
          ),
        );
      const claimed = await tx
        .insert(sandboxCardRequests)
        .values({
          idempotencyKey: key,
          endpoint: req.endpoint,
          paramsDigest,
          statusCode: 0,
          response: {},
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ key: sandboxCardRequests.idempotencyKey });
      if (claimed.length === 0) {
        const [kept] = await tx
          .select()
          .from(sandboxCardRequests)
          .where(eq(sandboxCardRequests.idempotencyKey, key));
        if (!kept) throw new Error('sandbox card idempotency key vanished');
        if (kept.endpoint !== req.endpoint || kept.paramsDigest !== paramsDigest) {
          return {
            statusCode: 400,
            response: {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            },
          };
        }
        return { statusCode: kept.statusCode, response: kept.response };
      }
      const result = await run(tx);
      await tx
        .update(sandboxCardRequests)
        .set({ statusCode: result.statusCode, response: result.response as object })
        .where(eq(sandboxCardRequests.idempotencyKey, key));
      return result;
    });
    if (lost) throw new AppError('partner_unavailable', { detail: 'sandbox card: the answer was lost' });
    if (answer.statusCode >= 400) {
      const error = (answer.response as { error?: { type?: string } }).error;
      throw new CardPartnerRefusal({
        partnerStatus: answer.statusCode,
        partnerCode: error?.type ?? null,
        detail: `the sandbox card provider answered ${answer.statusCode}`,
      });
    }
    return answer.response;
  }

  const params = (req: { endpoint: string; params: readonly unknown[] }) => [req.endpoint, ...req.params];

  /** A simulated 500 of an endpoint, kept under the key like any answer. */
  const serverError = (endpoint: SandboxCardEndpoint): KeptAnswer | null =>
    takeFailure(endpoint, 'error')
      ? { statusCode: 500, response: { error: { type: 'api_error', message: 'simulated failure' } } }
      : null;

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
        created: Math.floor(now().getTime() / 1000),
        ...extra,
      },
      { startAfter: opts.delaySeconds },
    );
  }

  /** Whether an open session has passed its expiry (Stripe expires it then). */
  const isPastExpiry = (s: SandboxCardSession) =>
    s.status !== 'complete' && s.status !== 'expired' && s.expiresAt.getTime() <= now().getTime();

  const toRetrieved = (s: SandboxCardSession): RetrievedSession => ({
    sessionId: s.id,
    status:
      s.status === 'complete' || s.status === 'expired' || isPastExpiry(s)
        ? s.status === 'complete'
          ? 'complete'
          : 'expired'
        : 'open',
    paymentStatus: s.paymentStatus === 'unpaid' ? 'unpaid' : 'paid',
    paymentIntentId: s.paymentStatus === 'unpaid' ? null : s.paymentIntentId,
    orderToken: s.orderToken,
    amountCents: s.amountCents,
    currency: s.currency,
    redirectUrl:
      s.status === 'complete' || s.status === 'expired' || isPastExpiry(s)
        ? null
        : `${opts.publicUrl}/sandbox/card/${s.id}`,
  });

  const withSessionId = (url: string, id: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);

  return {
    provider: 'sandbox',

    async createCheckoutSession(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 50) {
        // Stripe's minimum charge in EUR is 0.50.
        throw new AppError('payment_amount_invalid');
      }
      const endpoint = 'checkout.sessions.create';
      const description = input.description.slice(0, 250);
      const answer = await idempotent(
        input.db,
        {
          endpoint,
          key: input.idempotencyKey,
          params: [
            input.orderToken,
            input.amountCents,
            input.currency,
            description,
            input.customerEmail,
            input.locale,
            input.successUrl,
            input.cancelUrl,
          ],
        },
        async (tx) => {
          const failed = serverError(endpoint);
          if (failed) return failed;
          const id = `cs_test_${randomBytes(32).toString('base64url')}`;
          await tx.insert(sandboxCardSessions).values({
            id,
            paymentIntentId: `pi_test_${randomBytes(12).toString('hex')}`,
            orderToken: input.orderToken,
            amountCents: input.amountCents,
            currency: input.currency,
            description,
            customerEmail: input.customerEmail,
            locale: input.locale,
            successUrl: input.successUrl,
            cancelUrl: input.cancelUrl,
            idempotencyKey: input.idempotencyKey,
            expiresAt: new Date(now().getTime() + 24 * 60 * 60 * 1000),
            createdAt: now(),
            updatedAt: now(),
          });
          return {
            statusCode: 200,
            response: { sessionId: id, redirectUrl: `${opts.publicUrl}/sandbox/card/${id}` },
          };
        },
      );
      return answer as { sessionId: string; redirectUrl: string };
    },

    async retrieveSession({ db, sessionId }) {
      const s = await findSession(db, sessionId);
      return s ? toRetrieved(s) : null;
    },

    async expireSession({ db, sessionId }) {
      if (!sandboxCardSessionIdPattern.test(sessionId)) return null;
      return db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(sandboxCardSessions)
          .where(eq(sandboxCardSessions.id, sessionId))
          .for('update');
        if (!s) return null;
        // Only an open session (a 3-D Secure challenge under way is still open) can be expired.
        if (s.status === 'complete' || s.status === 'expired') return toRetrieved(s);
        const at = new Date(Math.max(now().getTime(), s.updatedAt.getTime() + 1));
        const [gone] = await tx
          .update(sandboxCardSessions)
          .set({ status: 'expired', challengeCode: null, expiresAt: at, updatedAt: at })
          .where(eq(sandboxCardSessions.id, s.id))
          .returning();
        await queue(tx, gone!, 'checkout.session.expired');
        return toRetrieved(gone!);
      });
    },

    async refund({ db, paymentIntentId, amountCents, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents < 1) throw new AppError('payment_amount_invalid');
      const endpoint = 'refunds.create';
      const answer = await idempotent(
        db,
        { endpoint, key: idempotencyKey, params: [paymentIntentId, amountCents] },
        async (tx) => {
          const failed = serverError(endpoint);
          if (failed) return failed;
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
              updatedAt: new Date(Math.max(now().getTime(), s.updatedAt.getTime() + 1)),
            })
            .where(eq(sandboxCardSessions.id, s.id))
            .returning();
          // The charge's refunds so far, as Stripe's `charge.refunded` carries them.
          await queue(tx, updated!, 'charge.refunded', { amountRefundedCents: refunded });
          return {
            statusCode: 200,
            response: {
              refundId: `re_test_${randomBytes(12).toString('hex')}`,
              status: 'succeeded' as const,
              amountCents,
            },
          };
        },
      );
      return answer as { refundId: string; status: 'succeeded'; amountCents: number };
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
          const expired = s.expiresAt.getTime() <= now().getTime() && s.status !== 'complete';
          const allowed = expired ? (['expire'] as const) : (sandboxCardActionsByStatus[s.status] ?? []);
          if (!(allowed as readonly string[]).includes(action)) {
            throw new AppError('invalid_transition', {
              detail: `sandbox card session: ${s.status} -> ${action}`,
            });
          }
          const updatedAt = new Date(Math.max(now().getTime(), s.updatedAt.getTime() + 1));
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

      simulateFailure(failure) {
        failures.push(failure);
      },
    },
  };
}
