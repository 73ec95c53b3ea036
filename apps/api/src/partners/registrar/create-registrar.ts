import { http } from 'viem';
import type { AppConfig } from '../../config.ts';
import { apiBase } from '../../http/hydra.ts';
import type { WebhookTransport } from '../sandbox-webhooks.ts';
import { hmacSha256Hex } from '../webhook-signatures.ts';
import { createEvmRegistrar } from './evm/evm-registrar.ts';
import type { RegistrarPort } from './port.ts';
import { createSandboxRegistrar, type SandboxRegistrar } from './sandbox/sandbox-registrar.ts';

/** The platform's endpoint (under the shop API) for the sandbox registrar's webhooks. */
export const sandboxRegistrarWebhookPath = `${apiBase}/registrar/webhook/sandbox`;

/** The secret the sandbox registrar signs its webhooks with, derived from APP_SECRET for this one use. */
export function sandboxRegistrarWebhookSecret(appSecret: string): string {
  return hmacSha256Hex(appSecret, 'registrar-sandbox:webhook');
}

/**
 * The registrar adapter the configuration asks for: the EVM adapter (viem over HTTP JSON-RPC) when
 * REGISTRAR_RPC_URL is set with its agent key and chain id, else the sandbox ledger.
 */
export function createRegistrar(opts: {
  config: AppConfig;
  logger?: { warn: (obj: object, msg: string) => void };
  /** Sandbox only: how its webhooks travel (tests deliver in-process). */
  webhookTransport?: WebhookTransport;
}): RegistrarPort {
  const { config } = opts;
  const evm = config.registrar.evm;
  if (evm) {
    return createEvmRegistrar({
      transport: http(evm.rpcUrl),
      agentKey: evm.agentKey,
      chainId: evm.chainId,
      confirmations: evm.confirmations,
      replaceAfterSeconds: evm.replaceAfterSeconds,
      maxReplacements: evm.maxReplacements,
    });
  }
  if (config.env === 'production') {
    opts.logger?.warn({}, 'registrar: no real registrar is configured; the sandbox ledger books the tokens');
  }
  return createSandboxRegistrar({
    webhookUrl: config.registrar.sandbox.webhookUrl,
    webhookSecret: sandboxRegistrarWebhookSecret(config.appSecret),
    confirmAfterMs: config.registrar.sandbox.confirmAfterMs,
    ...(opts.webhookTransport ? { transport: opts.webhookTransport } : {}),
  });
}

/** Whether the registrar is the sandbox (its page and its delivery job exist only then). */
export function isSandboxRegistrar(port: RegistrarPort): port is SandboxRegistrar {
  return port.kind === 'sandbox' && 'sandbox' in port;
}
