/** An HTTP delivery of a webhook (what the sandbox partner sends). */
export type WebhookDelivery = { url: string; headers: Record<string, string>; body: string };

/**
 * Sends a webhook and answers the receiver's status. The default posts it over HTTP; tests pass one
 * that injects it into the app (`app.inject`), so the delivery still goes through the route.
 */
export type WebhookTransport = (delivery: WebhookDelivery) => Promise<{ status: number }>;

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
