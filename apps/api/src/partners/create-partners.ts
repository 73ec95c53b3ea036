import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { instrumentPartner } from '../observability/partner-calls.ts';
import { type BankPartner, createBankPartner } from './bank/create-bank.ts';
import { type CardPartner, createCardPartner } from './card/create-card.ts';
import { createCustody } from './custody/create-custody.ts';
import type { CustodyPort } from './custody/port.ts';
import { createExchangeRates, type ExchangeRatesPartner } from './exchange-rates/create-exchange-rates.ts';
import {
  createIdentificationPartner,
  type IdentificationPartner,
} from './identification/create-identification.ts';
import { createMailPort } from './mail/create-mail.ts';
import type { MailPort } from './mail/port.ts';
import { createRegistrar } from './registrar/create-registrar.ts';
import type { RegistrarPort } from './registrar/port.ts';
import type { WebhookTransport } from './sandbox-webhooks.ts';
import { createLocalStorage } from './storage/local.ts';
import type { StoragePort } from './storage/port.ts';
import { createS3Storage } from './storage/s3.ts';

/**
 * Every external partner behind its port (convention 4). Built once per process by `main.ts` (or
 * `createTestApp()`), handed to `buildApp({ partners })` and read by routes as `app.partners`;
 * routes never construct adapters. A new partner (KYC, custody, card payments) is added here.
 */
export type Partners = {
  mail: MailPort;
  storage: StoragePort;
  /** The identification (KYC) partner: IDnow when configured, else the sandbox. */
  identification: IdentificationPartner;
  custody: CustodyPort;
  /** The bank of the collection accounts: the sandbox bank outside production, else null (camt imports). */
  bank: BankPartner;
  /** The card payment provider: Stripe when configured, else the sandbox. */
  card: CardPartner;
  /** The crypto-securities registrar: an EVM chain when configured, else the sandbox ledger. */
  registrar: RegistrarPort;
  /** The euro reference rate: the ECB's daily XML when configured, else the sandbox's stored rate; cached. */
  exchangeRates: ExchangeRatesPartner;
};

type Logger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  debug?: (obj: object, msg: string) => void;
};

/**
 * The adapters the configuration asks for: SMTP mail when `SMTP_URL` is set, else the outbox; S3
 * storage when `S3_BUCKET` is set, else local disk with self-signed links; IDnow when `IDNOW_API_KEY` is set, else the KYC sandbox. `webhookTransport` replaces how
 * sandbox partners deliver their webhooks (tests inject them into the app instead of using HTTP).
 * Each adapter's calls are timed and counted for /metrics (`instrumentPartner`, decision 027).
 */
export function createPartners(opts: {
  config: AppConfig;
  logger?: Logger;
  webhookTransport?: WebhookTransport;
  /** How the platform calls sandbox partners' APIs (tests inject them into the app instead of HTTP). */
  sandboxApiFetch?: typeof fetch;
}): Partners {
  const { config, logger } = opts;
  const partners: Partners = {
    mail: createMailPort({
      smtpUrl: config.smtpUrl,
      timeouts: config.smtpTimeouts,
      ...(logger ? { logger } : {}),
    }),
    storage: config.storage.s3
      ? createS3Storage(config.storage.s3)
      : createLocalStorage(join(config.dataDir, 'storage'), { appSecret: config.appSecret }),
    identification: createIdentificationPartner({
      config,
      ...(logger ? { logger } : {}),
      ...(opts.webhookTransport ? { webhookTransport: opts.webhookTransport } : {}),
      ...(opts.sandboxApiFetch ? { sandboxApiFetch: opts.sandboxApiFetch } : {}),
    }),
    custody: createCustody({ config, ...(logger ? { logger } : {}) }),
    bank: createBankPartner({
      config,
      ...(opts.webhookTransport ? { webhookTransport: opts.webhookTransport } : {}),
    }),
    card: createCardPartner({
      config,
      ...(logger ? { logger } : {}),
      ...(opts.webhookTransport ? { webhookTransport: opts.webhookTransport } : {}),
    }),
    registrar: createRegistrar({
      config,
      ...(logger ? { logger } : {}),
      ...(opts.webhookTransport ? { webhookTransport: opts.webhookTransport } : {}),
    }),
    exchangeRates: createExchangeRates({ config, ...(logger ? { logger } : {}) }),
  };
  const instrumented = Object.entries(partners).map(([name, port]) => [
    name,
    instrumentPartner(name, port, logger),
  ]);
  return Object.fromEntries(instrumented) as Partners;
}
