import type { AppConfig } from '../../config.ts';
import { apiBase } from '../../http/hydra.ts';
import type { WebhookTransport } from '../sandbox-webhooks.ts';
import type { CustodyPort } from './port.ts';
import { createSandboxCustody, type SandboxCustody } from './sandbox/sandbox-custody.ts';
import { createTanganyCustody } from './tangany.ts';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** The platform's endpoint for the sandbox custodian's webhooks. */
export const sandboxCustodyWebhookPath = `${apiBase}/wallets/webhook/sandbox`;

/** The custody adapter the configuration asks for: Tangany when TANGANY_CLIENT_ID is set, else the sandbox. */
export function createCustody(opts: {
  config: AppConfig;
  logger?: Logger;
  /** Sandbox only: how its webhooks travel (tests deliver in-process). */
  deliver?: WebhookTransport;
  /** Tangany only: the HTTP client (tests answer with recorded payloads). */
  fetch?: typeof fetch;
}): CustodyPort {
  const { config, logger } = opts;
  if (config.custody.tangany) {
    return createTanganyCustody({
      config: config.custody.tangany,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      ...(logger ? { logger } : {}),
    });
  }
  return createSandboxCustody({
    secret: config.appSecret,
    webhookUrl: `${config.publicUrl}${sandboxCustodyWebhookPath}`,
    delaySeconds: config.custody.sandboxDelaySeconds,
    ...(opts.deliver ? { deliver: opts.deliver } : {}),
    ...(logger ? { logger } : {}),
  });
}

/** Whether the custody partner is the sandbox custodian (its page and jobs exist only then). */
export function isSandboxCustody(port: CustodyPort): port is SandboxCustody {
  return port.kind === 'sandbox' && 'sandbox' in port;
}
