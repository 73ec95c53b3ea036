import type { AppConfig } from '../../config.ts';
import type { WebhookTransport } from '../sandbox-webhooks.ts';
import { hmacSha256Hex } from '../webhook-signatures.ts';
import { createIdnowIdentification, type IdnowIdentification } from './idnow.ts';
import { eventOfIdnowResult } from './idnow-result.ts';
import type { IdentificationEvent, IdentificationPort } from './port.ts';
import {
  createSandboxIdentification,
  readSandboxEvent,
  type SandboxIdentification,
} from './sandbox/sandbox-identification.ts';

/** The identification partner the platform talks to: the sandbox or IDnow (or a test's own port). */
export type IdentificationPartner = SandboxIdentification | IdnowIdentification | IdentificationPort;

type Logger = { warn: (obj: object, msg: string) => void };

/** The secret the sandbox's webhook signing key derives from (APP_SECRET; both sides are this app). */
export function sandboxWebhookSecret(appSecret: string): string {
  return hmacSha256Hex(appSecret, 'kyc-sandbox:webhook');
}

/** The API key of the sandbox partner's API (derived from APP_SECRET). */
export function sandboxApiKey(appSecret: string): string {
  return hmacSha256Hex(appSecret, 'kyc-sandbox:api-key');
}

/**
 * IDnow when `IDNOW_API_KEY` is set (with `IDNOW_COMPANY_ID`; webhooks verified by IDnow's JWKS,
 * decision 029), else the built-in sandbox, whose signing key, API key and form secret derive from
 * `APP_SECRET`.
 */
export function createIdentificationPartner(opts: {
  config: AppConfig;
  logger?: Logger;
  /** How the sandbox delivers its webhooks; default HTTP to `KYC_SANDBOX_WEBHOOK_URL`. */
  webhookTransport?: WebhookTransport;
  /** How the platform calls the sandbox's API; default HTTP under `PUBLIC_URL`. */
  sandboxApiFetch?: typeof fetch;
}): IdentificationPartner {
  const { config } = opts;
  const { idnow, sandbox } = config.identification;
  if (idnow)
    return createIdnowIdentification({ config: idnow, ...(opts.logger ? { logger: opts.logger } : {}) });
  if (config.env === 'production') {
    opts.logger?.warn(
      {},
      'identification: IDNOW_API_KEY is not set; the sandbox partner identifies nobody for real',
    );
  }
  return createSandboxIdentification({
    publicUrl: config.publicUrl,
    webhookUrl: sandbox.webhookUrl,
    webhookKey: sandboxWebhookSecret(config.appSecret),
    formSecret: hmacSha256Hex(config.appSecret, 'kyc-sandbox:form'),
    apiKey: sandboxApiKey(config.appSecret),
    loginTokenSeconds: sandbox.loginTokenSeconds,
    delaySeconds: sandbox.delaySeconds,
    ...(opts.webhookTransport ? { transport: opts.webhookTransport } : {}),
    ...(opts.sandboxApiFetch ? { apiFetch: opts.sandboxApiFetch } : {}),
  });
}

/**
 * Reads a recorded event's payload by the provider that sent it (not by the adapter configured now),
 * so an event recorded before a change of configuration is still applied. Null for an unknown provider.
 */
export function readIdentificationEvent(provider: string, payload: unknown): IdentificationEvent | null {
  const raw = Buffer.from(JSON.stringify(payload ?? null), 'utf8');
  if (provider === 'sandbox') return readSandboxEvent(payload, raw);
  if (provider === 'idnow') return eventOfIdnowResult(payload, raw);
  return null;
}
