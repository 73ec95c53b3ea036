import type { AppConfig } from '../../config.ts';
import type { WebhookTransport } from '../sandbox-webhooks.ts';
import { hmacSha256Hex } from '../webhook-signatures.ts';
import type { CardPort } from './port.ts';
import { createSandboxCard, type SandboxCard } from './sandbox/sandbox-card.ts';
import { createStripeCard } from './stripe.ts';

/** The card provider the platform talks to: Stripe or the sandbox (or a test's own port). */
export type CardPartner = SandboxCard | CardPort;

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * Stripe when `STRIPE_SECRET_KEY` (with `STRIPE_WEBHOOK_SECRET`) is set, else the built-in sandbox,
 * whose webhook and form secrets derive from `APP_SECRET`.
 */
export function createCardPartner(opts: {
  config: AppConfig;
  logger?: Logger;
  webhookTransport?: WebhookTransport;
  /** Stripe only: the HTTP client (tests answer with recorded payloads). */
  fetch?: typeof fetch;
}): CardPartner {
  const { config } = opts;
  if (config.card.stripe) {
    return createStripeCard({
      config: config.card.stripe,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      ...(opts.logger ? { logger: opts.logger } : {}),
    });
  }
  if (config.env === 'production') {
    opts.logger?.warn({}, 'card payments: STRIPE_SECRET_KEY is not set; the sandbox provider charges nobody');
  }
  return createSandboxCard({
    publicUrl: config.publicUrl,
    webhookUrl: config.card.sandbox.webhookUrl,
    webhookSecret: hmacSha256Hex(config.appSecret, 'card-sandbox:webhook'),
    formSecret: hmacSha256Hex(config.appSecret, 'card-sandbox:form'),
    delaySeconds: config.card.sandbox.delaySeconds,
    ...(opts.webhookTransport ? { transport: opts.webhookTransport } : {}),
  });
}

export function isSandboxCard(card: CardPartner): card is SandboxCard {
  return card.provider === 'sandbox' && 'sandbox' in card;
}
