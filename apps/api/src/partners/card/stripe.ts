import { AppError } from '@token/domain/errors';
import type { StripeConfig } from '../../config.ts';
import { verifyWebhookSignature, webhookToleranceSeconds } from '../webhook-signatures.ts';
import { CardPartnerRefusal, type CardPort, type CardRefund, type RetrievedSession } from './port.ts';
import { readStripeEvent } from './stripe-event.ts';

/**
 * Stripe Checkout over its REST API with `fetch` (no SDK): `POST /v1/checkout/sessions` (form-encoded,
 * `mode=payment`, one line item with `price_data`, `client_reference_id` and `metadata[order_token]`,
 * an `Idempotency-Key`), `GET /v1/checkout/sessions/{id}`, `POST /v1/checkout/sessions/{id}/expire`,
 * `POST /v1/refunds`, and webhooks signed in the `Stripe-Signature` header (`t=…,v1=…`: HMAC-SHA256
 * with the endpoint secret over `t.rawBody`, any of several v1 signatures, 300 s tolerance), checked
 * in constant time. Every request names the API version the code reads (`Stripe-Version`).
 */

export const stripeSignatureHeader = 'stripe-signature';

/**
 * The Stripe API version whose shapes this adapter sends and reads (decision 028: the version the
 * recorded fixtures come from). Sent as `Stripe-Version` on every request, so the account's default
 * version cannot change what the API answers; the webhook endpoint is to be created with the same
 * version (`api_version`), since events are shaped by the endpoint's version, not by this header.
 */
export const stripeApiVersion = '2024-06-20';

type Logger = { warn: (obj: object, msg: string) => void };

/** Statuses of a GET that are answers, not failures. */
type Expected = readonly number[];

/** Stripe's form encoding: nested keys in brackets (`line_items[0][price_data][currency]=eur`). */
export function stripeForm(fields: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) params.append(k, String(v));
  return params.toString();
}

type StripeSession = {
  id: string;
  url?: string | null;
  status?: string;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string>;
  amount_total?: number | null;
  currency?: string;
};

const isSessionId = (id: string) => /^cs_[A-Za-z0-9_]{1,250}$/.test(id);

export function createStripeCard(opts: {
  config: StripeConfig;
  fetch?: typeof fetch;
  logger?: Logger;
}): CardPort {
  const { config } = opts;
  const doFetch = opts.fetch ?? fetch;
  const doLog = (obj: object, msg: string) => opts.logger?.warn(obj, msg);

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: string; idempotencyKey?: string; expected?: Expected } = {},
  ): Promise<{ status: number; data: T }> {
    const { body, idempotencyKey } = opts;
    let res: Response;
    try {
      res = await doFetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          'stripe-version': stripeApiVersion,
          ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      doLog({ path, err: (err as Error).message }, 'stripe: request failed');
      throw new AppError('partner_unavailable', { detail: 'Stripe cannot be reached' });
    }
    const data = (await res.json().catch(() => null)) as T | null;
    if (opts.expected?.includes(res.status)) return { status: res.status, data: data as T };
    if (!res.ok || !data) {
      const error = (data as { error?: { type?: string; code?: string } } | null)?.error;
      // Never log the request: it may carry the payer's e-mail.
      doLog({ path, status: res.status, type: error?.type, code: error?.code }, 'stripe: request refused');
      // Stripe answered: it keeps this answer under the idempotency key (decision 028).
      throw new CardPartnerRefusal({
        partnerStatus: res.status,
        partnerCode: error?.code ?? error?.type ?? null,
        detail: `Stripe answered ${res.status}`,
      });
    }
    return { status: res.status, data };
  }

  function toSession(s: StripeSession): RetrievedSession {
    const status = s.status === 'complete' || s.status === 'expired' ? s.status : 'open';
    const paymentStatus =
      s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? s.payment_status : 'unpaid';
    const pi = s.payment_intent;
    return {
      sessionId: s.id,
      status,
      paymentStatus,
      paymentIntentId: typeof pi === 'string' ? pi : (pi?.id ?? null),
      orderToken: s.metadata?.order_token ?? s.client_reference_id ?? null,
      amountCents: s.amount_total ?? 0,
      currency: (s.currency ?? 'eur').toUpperCase(),
      redirectUrl: s.url ?? null,
    };
  }

  async function retrieveSession({ sessionId }: { db: unknown; sessionId: string }) {
    if (!isSessionId(sessionId)) return null;
    const { status, data } = await call<StripeSession>('GET', `/v1/checkout/sessions/${sessionId}`, {
      expected: [404],
    });
    return status === 404 ? null : toSession(data);
  }

  return {
    provider: 'stripe',

    async createCheckoutSession(input) {
      const body = stripeForm({
        mode: 'payment',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.orderToken,
        customer_email: input.customerEmail,
        locale: input.locale,
        'payment_method_types[0]': 'card',
        'line_items[0][quantity]': 1,
        'line_items[0][price_data][currency]': input.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': input.amountCents,
        'line_items[0][price_data][product_data][name]': input.description.slice(0, 250),
        'metadata[order_token]': input.orderToken,
        'payment_intent_data[metadata][order_token]': input.orderToken,
      });
      const { data } = await call<StripeSession>('POST', '/v1/checkout/sessions', {
        body,
        idempotencyKey: input.idempotencyKey,
      });
      if (!data.id || !data.url)
        throw new AppError('partner_unavailable', { detail: 'Stripe sent no checkout URL' });
      return { sessionId: data.id, redirectUrl: data.url };
    },

    retrieveSession,

    async expireSession({ db, sessionId }) {
      if (!isSessionId(sessionId)) return null;
      // Stripe refuses (400) a session that is no longer open (expired, or complete: paid first);
      // the session as it stands then tells which.
      const { status, data } = await call<StripeSession>(
        'POST',
        `/v1/checkout/sessions/${sessionId}/expire`,
        { body: '', expected: [400, 404] },
      );
      if (status === 200 || status === 201) return toSession(data);
      return retrieveSession({ db, sessionId });
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }): Promise<CardRefund> {
      if (!Number.isSafeInteger(amountCents) || amountCents < 1) throw new AppError('payment_amount_invalid');
      const { data } = await call<{ id: string; status: string; amount: number }>('POST', '/v1/refunds', {
        body: stripeForm({ payment_intent: paymentIntentId, amount: amountCents }),
        idempotencyKey: idempotencyKey ?? `refund:${paymentIntentId}:${amountCents}`,
      });
      const status = data.status === 'succeeded' || data.status === 'failed' ? data.status : 'pending';
      return { refundId: data.id, status, amountCents: data.amount };
    },

    verifyWebhook({ rawBody, headers }) {
      const header = headers[stripeSignatureHeader];
      if (typeof header !== 'string') return { ok: false, reason: 'missing' };
      const check = verifyWebhookSignature({
        secret: config.webhookSecret,
        rawBody,
        header,
        toleranceSeconds: webhookToleranceSeconds,
      });
      if (!check.ok) return { ok: false, reason: check.reason };
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const event = readStripeEvent(body);
      const version = (body as { api_version?: unknown } | null)?.api_version;
      if (event && version !== stripeApiVersion) {
        // The endpoint's version shapes its events: one other than the pinned one may read wrongly.
        doLog(
          { eventId: event.id, apiVersion: version, expected: stripeApiVersion },
          'stripe: event of another API version',
        );
      }
      return event ? { ok: true, event } : { ok: false, reason: 'malformed' };
    },
  };
}
