import type { AppConfig } from '../../config.ts';
import type { WebhookTransport } from '../sandbox-webhooks.ts';
import { hmacSha256Hex } from '../webhook-signatures.ts';
import type { BankPort } from './port.ts';
import { createSandboxBank, type SandboxBank } from './sandbox/sandbox-bank.ts';

/** The bank partner: the sandbox bank, or none (production: credits come from imported statements). */
export type BankPartner = SandboxBank | BankPort | null;

/**
 * The sandbox bank when `BANK_SANDBOX_ENABLED` (default outside production), its secrets derived from
 * `APP_SECRET`; else null: no webhook route answers and credits arrive only as camt.053/054 imports.
 */
export function createBankPartner(opts: {
  config: AppConfig;
  webhookTransport?: WebhookTransport;
}): BankPartner {
  const { config } = opts;
  if (!config.bank.sandbox.enabled) return null;
  return createSandboxBank({
    webhookUrl: config.bank.sandbox.webhookUrl,
    webhookSecret: hmacSha256Hex(config.appSecret, 'bank-sandbox:webhook'),
    formSecret: hmacSha256Hex(config.appSecret, 'bank-sandbox:form'),
    delaySeconds: config.bank.sandbox.delaySeconds,
    ...(opts.webhookTransport ? { transport: opts.webhookTransport } : {}),
  });
}

export function isSandboxBank(bank: BankPartner): bank is SandboxBank {
  return bank !== null && bank.provider === 'sandbox' && 'sandbox' in bank;
}
