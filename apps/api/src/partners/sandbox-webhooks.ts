import type { WebhookTransport } from './identification/port.ts';

/**
 * How every sandbox partner delivers its signed webhooks to the platform by default: an HTTP POST
 * with a 10-second timeout, answering the receiver's status (the delivery job retries a non-2xx).
 * Tests inject another transport (`createTestApp` posts through `app.inject`).
 */
export const httpWebhookTransport: WebhookTransport = async ({ url, headers, body }) => {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return { status: res.status };
};
