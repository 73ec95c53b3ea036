import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  DEFAULT_LOCALE: z.enum(['de', 'en']).default('de'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Operations (decision 027): /metrics behind a bearer token, or on a port of its own; shutdown grace.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Behind a load balancer: whose X-Forwarded-For to believe (the client's address for throttles and logs).
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*|loopback|linklocal|uniquelocal)$/,
      "a number of proxy hops, or the proxies' addresses or CIDR ranges separated by commas",
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // Decision 031: the SMTP transport gives up on a silent server well within the mail job's 10 minutes
  // (mail-deliver.job.ts), so the attempt fails and is retried instead of the job expiring. nodemailer's
  // own defaults (2 min connecting, 10 min socket inactivity) would reach the job's timeout.
  SMTP_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(30),
  SMTP_GREETING_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(30),
  SMTP_SOCKET_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
  // One delivery attempt as a whole (a server answering each command just in time); at most half the job's.
  SMTP_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(300),
  // Identification (KYC) partner: IDnow when IDNOW_API_KEY is set, else the built-in sandbox.
  IDNOW_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  IDNOW_COMPANY_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the IDnow company id (letters, digits, - and _)')
    .optional(),
  // Decision 029: IDnow signs its webhooks as JWTs (its published JWKS); a custom X-Auth-Token header
  // configured in IDnow's portal is accepted too when set.
  IDNOW_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  IDNOW_WEBHOOK_JWKS_URL: z.url().default('https://auth.eu.platform.idnow.io/oidc/.well-known/jwks.json'),
  IDNOW_WEBHOOK_ISSUER: z.string().min(1).max(300).default('https://auth.eu.platform.idnow.io/oidc'),
  IDNOW_WEBHOOK_AUDIENCE: z.string().min(1).max(300).optional(),
  IDNOW_GATEWAY_URL: z.url().default('https://gateway.idnow.de'),
  IDNOW_IDENT_URL: z.url().default('https://go.idnow.de'),
  KYC_SANDBOX_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(3),
  KYC_SANDBOX_WEBHOOK_URL: z.url().optional(),
  KYC_SANDBOX_LOGIN_TOKEN_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  // Custody partner: Tangany when TANGANY_CLIENT_ID is set, else the sandbox custodian.
  CUSTODY_SANDBOX_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  TANGANY_CLIENT_ID: z.string().min(1).max(200).optional(),
  TANGANY_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  TANGANY_SUBSCRIPTION: z.string().min(1).max(200).optional(),
  TANGANY_VAULT_URL: z.url().optional(),
  // Tangany API Suite 2.0 (decision 030): the Custody and Customers APIs; 1.0 (`.../v1`) is refused.
  TANGANY_BASE_URL: z.url().default('https://api.tangany.com/custody'),
  TANGANY_CUSTOMERS_URL: z.url().default('https://api.tangany.com/customers'),
  TANGANY_ETHEREUM_NETWORK: z.string().min(1).max(200).default('mainnet'),
  TANGANY_SECURITY_LEVEL: z.enum(['1', '2']).default('2'),
  // Exchange rates (GET /open-api/exchange_rates): the sandbox's stored rate, or the ECB's daily XML.
  EXCHANGE_RATES_SOURCE: z.enum(['sandbox', 'ecb']).default('sandbox'),
  EXCHANGE_RATES_SANDBOX_USD: z.coerce.number().positive().max(1000).default(1.0834),
  EXCHANGE_RATES_ECB_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  EXCHANGE_RATES_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  // Sign-ups allowed from one IP address per hour (more behind a shared address, e.g. an office).
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  // Orders: an unpaid bank-transfer order expires after this many days (decision 011).
  ORDER_PAYMENT_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  // Bank transfers: the sandbox bank books test credits (never in production unless enabled).
  BANK_SANDBOX_ENABLED: z.enum(['true', 'false']).optional(),
  BANK_SANDBOX_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
  BANK_SANDBOX_WEBHOOK_URL: z.url().optional(),
  // Card payments: Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox card provider.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret or restricted key (sk_… / rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  CARD_SANDBOX_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
  CARD_SANDBOX_WEBHOOK_URL: z.url().optional(),
  // Registrar: the sandbox ledger (until the EVM adapter is configured) confirms this long after an
  // instruction arrives, unless a tester on /sandbox/registrar decides first.
  REGISTRAR_SANDBOX_CONFIRM_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(2000),
  REGISTRAR_SANDBOX_WEBHOOK_URL: z.url().optional(),
  // Registrar on an EVM chain (decision 016 "EVM registrar") when REGISTRAR_RPC_URL is set: the agent's
  // private key (secret; never logged) signs every deployment, allow, mint, transfer and burn.
  REGISTRAR_RPC_URL: z.url().optional(),
  REGISTRAR_AGENT_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a hex private key (0x + 64 hex digits)')
    .optional(),
  REGISTRAR_CHAIN_ID: z.coerce.number().int().positive().optional(),
  REGISTRAR_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
  REGISTRAR_REPLACE_AFTER_SECONDS: z.coerce.number().int().min(10).max(86_400).default(180),
  REGISTRAR_MAX_REPLACEMENTS: z.coerce.number().int().min(0).max(50).default(5),
  // Object storage: an S3-compatible service when S3_BUCKET is set, else local disk under DATA_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).max(50).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(500).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
});

/** Stripe (the real card provider): API key, webhook signing secret, API address. */
export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string };

/** The EVM registrar: the chain's JSON-RPC endpoint, its id, the agent key and confirmations awaited. */
export type EvmRegistrarConfig = {
  rpcUrl: string;
  /** Secret: the registrar agent's private key (0x + 64 hex digits). */
  agentKey: `0x${string}`;
  chainId: number;
  /** A transaction counts once this many blocks (its own included) are on the chain. */
  confirmations: number;
  /** A transaction not mined this long after it was last sent is re-sent with higher fees (same nonce)... */
  replaceAfterSeconds: number;
  /** ...at most this many times. */
  maxReplacements: number;
};

/** Tangany's Custody and Customers APIs 2.0 (the real custody partner): credentials, vault, network. */
export type TanganyConfig = {
  clientId: string;
  clientSecret: string;
  subscription: string;
  vaultUrl: string | undefined;
  /** Custody API 2.0 (`.../custody`). */
  baseUrl: string;
  /** Customers API (`.../customers`): a wallet's customer is created there first. */
  customersUrl: string;
  /** `tangany-network` of the address look-up (mainnet, sepolia, polygon …). */
  ethereumNetwork: string;
  /** `securityLevel` of new wallets: 2 (FIPS 140-2 level 2); Tangany's sandbox subscriptions take only 1. */
  securityLevel: 1 | 2;
};

/** The S3-compatible object store (one bucket; keys under `public/` and `private/`). */
export type S3Config = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Secret: the access key pair. */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  appSecret: string;
  publicUrl: string;
  defaultLocale: 'de' | 'en';
  logLevel: string;
  dbPoolSize: number;
  /** Operations (decision 027). */
  operations: {
    /**
     * /metrics: on a port of its own when METRICS_PORT is set (the API port then answers 404), else on the
     * API port; `Authorization: Bearer <METRICS_TOKEN>` required wherever it is served when the token is set.
     * Neither set: open on the API port outside production, 404 in production.
     */
    metrics: { token: string | undefined; port: number | undefined; openOnApiPort: boolean };
    /** SIGTERM: in-flight requests and running jobs get this long before the process exits. */
    shutdownGraceMs: number;
    /**
     * TRUST_PROXY: the proxies whose `X-Forwarded-For` gives the client's address (Fastify's
     * `trustProxy`: hops, or addresses and ranges); unset, the connection's own address counts.
     */
    trustProxy: number | string | undefined;
  };
  /** Unset: mail stays in the outbox table, readable at /dev/mailbox outside production. */
  smtpUrl: string | undefined;
  /**
   * How long the SMTP transport waits (decision 031): for the connection, the server's greeting, any
   * answer (socket inactivity), and one delivery attempt as a whole; each well below the mail job's timeout.
   */
  smtpTimeouts: { connectionMs: number; greetingMs: number; socketMs: number; sendMs: number };
  /** The identification (KYC) partner: IDnow when configured, else the sandbox. */
  identification: {
    idnow:
      | {
          apiKey: string;
          companyId: string;
          /** The custom header's value configured at IDnow (`X-Auth-Token`), if any. */
          webhookSecret: string | null;
          /** IDnow's JWKS, e.g. https://auth.eu.platform.idnow.io/oidc/.well-known/jwks.json. */
          webhookJwksUrl: string;
          /** The `iss` of IDnow's webhook JWTs. */
          webhookIssuer: string;
          /** The `aud` of IDnow's webhook JWTs (the company's), checked when set. */
          webhookAudience: string | null;
          /** e.g. https://gateway.idnow.de (test: https://gateway.test.idnow.de). */
          gatewayUrl: string;
          /** e.g. https://go.idnow.de (test: https://go.test.idnow.de). */
          identUrl: string;
        }
      | undefined;
    sandbox: {
      /** How long after the tester's decision the sandbox's webhook reaches the platform. */
      delaySeconds: number;
      /** The lifetime of the sandbox API's login tokens (its `exp`). */
      loginTokenSeconds: number;
      /** Where the sandbox delivers its webhooks; default the platform's own route under PUBLIC_URL. */
      webhookUrl: string;
    };
  };
  custody: {
    /** The sandbox custodian reports the registrar's `approved` this long after creation. */
    sandboxDelaySeconds: number;
    /** Set (TANGANY_CLIENT_ID): wallets are opened at Tangany; unset: the sandbox custodian. */
    tangany: TanganyConfig | undefined;
  };
  /** The euro reference rate: the sandbox's stored rate (default) or the ECB's daily XML. */
  exchangeRates: {
    source: 'sandbox' | 'ecb';
    /** The rate the sandbox serves until a test or tester stores another (USD for 1 EUR). */
    sandboxUsd: number;
    ecbUrl: string;
    /** How long a fetched rate is served before the partner is asked again. */
    cacheSeconds: number;
  };
  accounts: {
    /** Sign-ups from one IP address per hour (SIGN_UPS_PER_IP_PER_HOUR, default 10). */
    signUpsPerIpPerHour: number;
  };
  orders: {
    /** An unpaid bank-transfer order expires this many days after completion (ORDER_PAYMENT_DAYS). */
    paymentDays: number;
  };
  /** Bank transfers: the sandbox bank (test credits, delivered as signed webhooks). */
  bank: {
    sandbox: {
      /** The sandbox bank's page and webhook exist; off in production unless BANK_SANDBOX_ENABLED=true. */
      enabled: boolean;
      delaySeconds: number;
      webhookUrl: string;
    };
  };
  /** Card payments: Stripe when configured, else the sandbox card provider. */
  card: {
    stripe: StripeConfig | undefined;
    sandbox: { delaySeconds: number; webhookUrl: string };
  };
  /** Object storage: S3 when S3_BUCKET is set, else local disk (`dataDir/storage`) with self-signed links. */
  storage: { s3: S3Config | undefined };
  /** The crypto-securities registrar: an EVM chain when REGISTRAR_RPC_URL is set, else the sandbox ledger. */
  registrar: {
    evm: EvmRegistrarConfig | undefined;
    sandbox: {
      /** REGISTRAR_SANDBOX_CONFIRM_AFTER_MS: an instruction is confirmed (or refused) this long after it arrives. */
      confirmAfterMs: number;
      /** Where the sandbox delivers its webhooks; default the platform's own route under PUBLIC_URL. */
      webhookUrl: string;
      /** Its page `/sandbox/registrar` (balances, instructions, decisions): outside production only. */
      pageEnabled: boolean;
    };
  };
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; a wrong value names the variable and stops start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  let appSecret = e.APP_SECRET;
  if (!appSecret) {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration:\n  APP_SECRET: required when NODE_ENV=production');
    }
    appSecret = readOrCreateDevSecret(dataDir);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT (the public port)');
  }
  let idnow: AppConfig['identification']['idnow'];
  if (e.IDNOW_API_KEY) {
    const missing = (['IDNOW_COMPANY_ID'] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when IDNOW_API_KEY is set`).join('\n')}`,
      );
    }
    idnow = {
      apiKey: e.IDNOW_API_KEY,
      companyId: e.IDNOW_COMPANY_ID!,
      webhookSecret: e.IDNOW_WEBHOOK_SECRET ?? null,
      webhookJwksUrl: e.IDNOW_WEBHOOK_JWKS_URL,
      webhookIssuer: e.IDNOW_WEBHOOK_ISSUER,
      webhookAudience: e.IDNOW_WEBHOOK_AUDIENCE ?? null,
      gatewayUrl: e.IDNOW_GATEWAY_URL.replace(/\/$/, ''),
      identUrl: e.IDNOW_IDENT_URL.replace(/\/$/, ''),
    };
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appSecret,
    publicUrl,
    defaultLocale: e.DEFAULT_LOCALE,
    logLevel: e.LOG_LEVEL,
    dbPoolSize: e.DB_POOL_SIZE,
    operations: {
      metrics: {
        token: e.METRICS_TOKEN,
        port: e.METRICS_PORT,
        // Neither set: open in development and tests, 404 in production (never public by accident).
        openOnApiPort: !e.METRICS_TOKEN && !e.METRICS_PORT && e.NODE_ENV !== 'production',
      },
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      trustProxy:
        e.TRUST_PROXY === undefined
          ? undefined
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY.replace(/\s+/g, ''),
    },
    smtpUrl: e.SMTP_URL,
    smtpTimeouts: {
      connectionMs: e.SMTP_CONNECTION_TIMEOUT_SECONDS * 1000,
      greetingMs: e.SMTP_GREETING_TIMEOUT_SECONDS * 1000,
      socketMs: e.SMTP_SOCKET_TIMEOUT_SECONDS * 1000,
      sendMs: e.SMTP_SEND_TIMEOUT_SECONDS * 1000,
    },
    identification: {
      idnow,
      sandbox: {
        delaySeconds: e.KYC_SANDBOX_DELAY_SECONDS,
        loginTokenSeconds: e.KYC_SANDBOX_LOGIN_TOKEN_SECONDS,
        webhookUrl: e.KYC_SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/v2/shop/identification/webhook/sandbox`,
      },
    },
    custody: { sandboxDelaySeconds: e.CUSTODY_SANDBOX_DELAY_SECONDS, tangany: tanganyConfig(e) },
    exchangeRates: {
      source: e.EXCHANGE_RATES_SOURCE,
      sandboxUsd: e.EXCHANGE_RATES_SANDBOX_USD,
      ecbUrl: e.EXCHANGE_RATES_ECB_URL,
      cacheSeconds: e.EXCHANGE_RATES_CACHE_SECONDS,
    },
    accounts: { signUpsPerIpPerHour: e.SIGN_UPS_PER_IP_PER_HOUR },
    orders: { paymentDays: e.ORDER_PAYMENT_DAYS },
    bank: {
      sandbox: {
        enabled: e.BANK_SANDBOX_ENABLED ? e.BANK_SANDBOX_ENABLED === 'true' : e.NODE_ENV !== 'production',
        delaySeconds: e.BANK_SANDBOX_DELAY_SECONDS,
        webhookUrl: e.BANK_SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/v2/shop/payments/bank/webhook/sandbox`,
      },
    },
    card: {
      stripe: stripeConfig(e),
      sandbox: {
        delaySeconds: e.CARD_SANDBOX_DELAY_SECONDS,
        webhookUrl: e.CARD_SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/v2/shop/payments/card/webhook/sandbox`,
      },
    },
    storage: { s3: s3Config(e) },
    registrar: {
      evm: evmRegistrarConfig(e),
      sandbox: {
        confirmAfterMs: e.REGISTRAR_SANDBOX_CONFIRM_AFTER_MS,
        webhookUrl: e.REGISTRAR_SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/v2/shop/registrar/webhook/sandbox`,
        pageEnabled: e.NODE_ENV !== 'production',
      },
    },
  };
}

/** Stripe needs its webhook secret with the key (webhooks are how payments are confirmed). */
function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError(
        'Invalid configuration:\n  STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set',
      );
    }
    return undefined;
  }
  if (!e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
  };
}

/** The EVM registrar needs its agent key and chain id with the RPC URL; one without the others stops start-up. */
function evmRegistrarConfig(e: z.infer<typeof envSchema>): EvmRegistrarConfig | undefined {
  if (!e.REGISTRAR_RPC_URL) {
    if (e.REGISTRAR_AGENT_KEY) {
      throw new ConfigError(
        'Invalid configuration:\n  REGISTRAR_RPC_URL: required when REGISTRAR_AGENT_KEY is set',
      );
    }
    return undefined;
  }
  const missing = (['REGISTRAR_AGENT_KEY', 'REGISTRAR_CHAIN_ID'] as const).filter((k) => !e[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when REGISTRAR_RPC_URL is set`).join('\n')}`,
    );
  }
  return {
    rpcUrl: e.REGISTRAR_RPC_URL,
    agentKey: e.REGISTRAR_AGENT_KEY as `0x${string}`,
    chainId: e.REGISTRAR_CHAIN_ID!,
    confirmations: e.REGISTRAR_CONFIRMATIONS,
    replaceAfterSeconds: e.REGISTRAR_REPLACE_AFTER_SECONDS,
    maxReplacements: e.REGISTRAR_MAX_REPLACEMENTS,
  };
}

/** S3 needs its access key pair with the bucket; a key without a bucket stops start-up too. */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    if (e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) {
      throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when S3_ACCESS_KEY_ID is set');
    }
    return undefined;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3_BUCKET is set`).join('\n')}`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Tangany needs its client id, secret and subscription together; one without the others stops start-up. */
function tanganyConfig(e: z.infer<typeof envSchema>): TanganyConfig | undefined {
  if (!e.TANGANY_CLIENT_ID) return undefined;
  const missing = (['TANGANY_CLIENT_SECRET', 'TANGANY_SUBSCRIPTION'] as const).filter((k) => !e[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when TANGANY_CLIENT_ID is set`).join('\n')}`,
    );
  }
  const baseUrl = e.TANGANY_BASE_URL.replace(/\/$/, '');
  // Decision 030: API 1.0 is being switched off; a 1.0 base path would fail on the first wallet.
  if (/\/v1$/.test(baseUrl)) {
    throw new ConfigError(
      'Invalid configuration:\n  TANGANY_BASE_URL: Tangany API 1.0 (/v1) is not supported; use the Custody API 2.0 (…/custody)',
    );
  }
  return {
    clientId: e.TANGANY_CLIENT_ID,
    clientSecret: e.TANGANY_CLIENT_SECRET!,
    subscription: e.TANGANY_SUBSCRIPTION!,
    vaultUrl: e.TANGANY_VAULT_URL,
    baseUrl,
    customersUrl: e.TANGANY_CUSTOMERS_URL.replace(/\/$/, ''),
    ethereumNetwork: e.TANGANY_ETHEREUM_NETWORK,
    securityLevel: e.TANGANY_SECURITY_LEVEL === '1' ? 1 : 2,
  };
}

/** Development only: one random secret per data directory, kept so sessions survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
