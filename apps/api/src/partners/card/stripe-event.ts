import type { CardEvent, CardEventStatus } from './port.ts';

/**
 * Reads a Stripe event (`{ id, object: 'event', type, data: { object } }`) into a `CardEvent`. The
 * sandbox card provider sends the same shapes, so both adapters share this reader. Returns null when
 * the body is not an event at all.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : null;
const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
/** An id field that may be expanded into its object. */
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v)?.id);

export function readStripeEvent(body: unknown): CardEvent | null {
  const event = obj(body);
  const id = str(event?.id);
  const type = str(event?.type);
  const object = obj(obj(event?.data)?.object);
  if (!event || !id || !/^evt_[A-Za-z0-9_]{1,200}$/.test(id) || !type || !object) return null;
  const metadata = obj(object.metadata) ?? {};
  const orderToken = str(metadata.order_token);
  const base = { id, type, orderToken };
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      let status: CardEventStatus;
      if (type === 'checkout.session.expired') status = 'expired';
      else if (type === 'checkout.session.async_payment_failed') status = 'failed';
      else status = object.payment_status === 'paid' ? 'paid' : 'pending';
      return {
        ...base,
        orderToken: orderToken ?? str(object.client_reference_id),
        sessionId: str(object.id),
        paymentIntentId: idOf(object.payment_intent),
        amountCents: int(object.amount_total),
        status,
      };
    }
    case 'payment_intent.payment_failed':
      return {
        ...base,
        sessionId: str(metadata.checkout_session),
        paymentIntentId: str(object.id),
        amountCents: int(object.amount),
        status: 'failed',
      };
    case 'charge.refunded': {
      // Sent for partial refunds too: `refunded` turns true only once the whole charge is refunded;
      // `amount_refunded` is the sum of its refunds so far.
      const refunded = int(object.amount_refunded);
      const amount = int(object.amount);
      const full = object.refunded === true || (refunded !== null && amount !== null && refunded >= amount);
      return {
        ...base,
        sessionId: str(metadata.checkout_session),
        paymentIntentId: idOf(object.payment_intent),
        amountCents: refunded,
        status: full ? 'refunded' : 'partially_refunded',
      };
    }
    default:
      return {
        ...base,
        sessionId: null,
        paymentIntentId: null,
        amountCents: null,
        status: 'ignored',
      };
  }
}
