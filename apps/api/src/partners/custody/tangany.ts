import { AppError } from '@token/domain/errors';
import { isWalletAddress, toChecksumAddress, type WalletAddress } from '@token/domain/wallets';
import { publicKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import type { TanganyConfig } from '../../config.ts';
import { custodyIdsOf } from './custody-ids.ts';
import type { CustodyHolder, CustodyPort } from './port.ts';
import { tanganyCustomerPlan } from './tangany-entities.ts';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Tangany's wallet resource (Custody API 2.0, `POST /wallets` and `GET /wallets/{wallet}`). */
const walletResponseSchema = z.object({
  wallet: z.string().regex(/^[0-9a-zA-Z-]{1,127}$/),
  customerId: z.string().nullish(),
  securityLevel: z.number().int().optional(),
  created: z.string().optional(),
  updated: z.string().optional(),
  public: z.object({ secp256k1: z.string() }).partial().optional(),
});
type TanganyWallet = z.infer<typeof walletResponseSchema>;

/** Tangany's Ethereum wallet status (`GET /protocols/eth/wallets/{wallet}`, 200): the checksum address. */
const ethWalletResponseSchema = z.object({
  address: z.string(),
  balance: z.string().optional(),
  currency: z.string().optional(),
});

/** Tangany's error body (`statusCode`, `activityId` for their support, `message`, `errorCode`). */
const errorResponseSchema = z.object({
  statusCode: z.number().optional(),
  activityId: z.string().optional(),
  message: z.string().optional(),
  errorCode: z.string().optional(),
  /** `entity_data_insufficient`: which entity lacks which data (field names only). */
  details: z
    .object({ entityId: z.string(), missingData: z.array(z.string()) })
    .partial()
    .optional(),
});

const anyBody = z.unknown();

/**
 * The real custody partner: Tangany's API Suite 2.0 (decision 030). A wallet belongs to a customer of
 * the Customers API (`…/customers`: the owning natural person, or for a company account the legal
 * person with its related natural persons, then the customer), created first; the
 * wallet is created in the Custody API (`…/custody`, header `tangany-version: 2`) with `securityLevel`
 * and `customerId`, and its Ethereum address read under `/protocols/eth/wallets/{wallet}` for the
 * configured `tangany-network`. Every name follows from the holder's reference and the attempt
 * (`custodyIdsOf`): the adapter first looks for the wallet under its name, creates it only when absent,
 * with a `tangany-request-id` that Tangany honours once, so a retry after a lost answer finds the wallet
 * opened the first time instead of opening an orphan. Authentication by the `tangany-client-id`,
 * `tangany-client-secret` and `tangany-subscription` headers (plus `tangany-vault-url` when the
 * subscription uses its own vault). Keys never leave Tangany. Tangany documents no webhook for the
 * crypto registrar's verdict, so this adapter has none (`webhooks: null`).
 */
export function createTanganyCustody(opts: {
  config: TanganyConfig;
  /** Injected in tests (recorded payloads); the global fetch otherwise. */
  fetch?: typeof fetch;
  logger?: Logger;
  timeoutMs?: number;
}): CustodyPort {
  const { config } = opts;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    accept: 'application/json',
    'tangany-version': '2',
    'tangany-client-id': config.clientId,
    'tangany-client-secret': config.clientSecret,
    'tangany-subscription': config.subscription,
    ...(config.vaultUrl ? { 'tangany-vault-url': config.vaultUrl } : {}),
    ...extra,
  });

  /**
   * One call answered with one of the `expected` statuses; anything else (network, timeout, another
   * status, an unexpected body) is `partner_unavailable`, logged with Tangany's activity id.
   */
  async function call<T>(
    what: string,
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
    expected: Record<number, z.ZodType<T>>,
  ): Promise<{ status: number; data: T }> {
    let res: Response;
    try {
      res = await doFetch(url, {
        method: init.method,
        headers: headers({
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        }),
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      opts.logger?.warn({ what, err: (err as Error).message }, 'tangany: request failed');
      throw new AppError('partner_unavailable', { detail: `tangany ${what}: request failed` });
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const schema = expected[res.status];
    if (!schema) {
      const error = errorResponseSchema.safeParse(json);
      // Tangany's activity id lets their support trace the call; credentials are never logged.
      opts.logger?.warn(
        {
          what,
          status: res.status,
          activityId: error.success ? error.data.activityId : undefined,
          errorCode: error.success ? error.data.errorCode : undefined,
          missingData: error.success ? error.data.details?.missingData : undefined,
          message: error.success ? error.data.message : undefined,
        },
        'tangany: request refused',
      );
      throw new AppError('partner_unavailable', { detail: `tangany ${what}: answered ${res.status}` });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      opts.logger?.warn({ what, status: res.status }, 'tangany: unexpected answer');
      throw new AppError('partner_unavailable', { detail: `tangany ${what}: unexpected answer` });
    }
    return { status: res.status, data: parsed.data };
  }

  const custody = (path: string) => `${config.baseUrl}${path}`;
  const customers = (path: string) => `${config.customersUrl}${path}`;

  /**
   * The Customers API customer of the holder, created when Tangany has none: its entities first (a
   * natural person; for a company account the natural persons, then the legal person owning the
   * customer), then the customer.
   */
  async function ensureCustomer(ids: ReturnType<typeof custodyIdsOf>, holder: CustodyHolder) {
    const found = await call(
      'read customer',
      customers(`/customers/${encodeURIComponent(ids.customerId)}`),
      { method: 'GET' },
      {
        200: anyBody,
        404: anyBody,
      },
    );
    if (found.status === 200) return;
    const plan = tanganyCustomerPlan(holder, ids, new Date().toISOString().slice(0, 10));
    // 409: made by an earlier attempt whose answer was lost; the ids are ours, so it is this holder's.
    for (const entity of plan.entities) {
      await call(
        entity.kind === 'legal-persons' ? 'create legal person' : 'create natural person',
        customers(`/entities/${entity.kind}`),
        { method: 'POST', body: entity.body },
        { 200: anyBody, 201: anyBody, 409: anyBody },
      );
    }
    await call(
      'create customer',
      customers('/customers'),
      { method: 'POST', body: plan.customer },
      { 200: anyBody, 201: anyBody, 409: anyBody },
    );
  }

  /** The wallet under its name, or null when Tangany has none (404). */
  async function findWallet(name: string): Promise<TanganyWallet | null> {
    const res = await call(
      'read wallet',
      custody(`/wallets/${encodeURIComponent(name)}`),
      { method: 'GET' },
      {
        200: walletResponseSchema,
        404: anyBody,
      },
    );
    return res.status === 200 ? (res.data as TanganyWallet) : null;
  }

  async function addressOf(wallet: TanganyWallet): Promise<WalletAddress> {
    const eth = await call(
      'read wallet address',
      custody(`/protocols/eth/wallets/${encodeURIComponent(wallet.wallet)}`),
      { method: 'GET', headers: { 'tangany-network': config.ethereumNetwork } },
      { 200: ethWalletResponseSchema },
    );
    if (!isWalletAddress(eth.data.address)) {
      opts.logger?.warn({ wallet: wallet.wallet }, 'tangany: wallet address is not an Ethereum address');
      throw new AppError('partner_unavailable', { detail: 'tangany: invalid wallet address' });
    }
    const address = toChecksumAddress(eth.data.address);
    // The address must belong to the wallet's public key (when Tangany gives it uncompressed, in hex).
    const publicKey = wallet.public?.secp256k1;
    if (publicKey && /^(0x)?04[0-9a-fA-F]{128}$/.test(publicKey)) {
      const derived = publicKeyToAddress(
        publicKey.startsWith('0x') ? (publicKey as `0x${string}`) : `0x${publicKey}`,
      );
      if (derived !== address) {
        opts.logger?.warn({ wallet: wallet.wallet }, 'tangany: address does not match the public key');
        throw new AppError('partner_unavailable', {
          detail: 'tangany: address does not match the public key',
        });
      }
    }
    return address;
  }

  return {
    kind: 'tangany',
    webhooks: null,

    async createWallet({ holder, attempt }) {
      const ids = custodyIdsOf(holder.reference, attempt);
      await ensureCustomer(ids, holder);
      // Reconcile first: a wallet made by an earlier call whose answer was lost is this holder's wallet.
      let wallet = await findWallet(ids.walletName);
      if (wallet) {
        opts.logger?.info({ wallet: wallet.wallet }, 'tangany: wallet found from an earlier attempt');
      } else {
        const created = await call(
          'create wallet',
          custody('/wallets'),
          {
            method: 'POST',
            headers: { 'tangany-request-id': ids.walletRequestId },
            body: { wallet: ids.walletName, securityLevel: config.securityLevel, customerId: ids.customerId },
          },
          // 202: accepted, made in the background; 409: this request id or wallet name was taken by an
          // earlier call of ours (Tangany honours a request id once): the wallet is read by its name.
          { 201: walletResponseSchema, 202: anyBody, 409: anyBody },
        );
        wallet = created.status === 201 ? (created.data as TanganyWallet) : await findWallet(ids.walletName);
        if (!wallet) {
          opts.logger?.warn(
            { wallet: ids.walletName, status: created.status },
            'tangany: wallet not ready yet',
          );
          throw new AppError('partner_unavailable', { detail: 'tangany create wallet: not ready yet' });
        }
      }
      if (wallet.customerId && wallet.customerId !== ids.customerId) {
        opts.logger?.warn({ wallet: wallet.wallet }, 'tangany: wallet belongs to another customer');
        throw new AppError('partner_unavailable', { detail: 'tangany: wallet belongs to another customer' });
      }
      const address = await addressOf(wallet);
      opts.logger?.info({ wallet: wallet.wallet, address }, 'tangany: wallet opened');
      return { walletId: wallet.wallet, address };
    },
  };
}
