import { randomUUID } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import { isWalletAddress, toChecksumAddress } from '@token/domain/wallets';
import { publicKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import type { TanganyConfig } from '../../config.ts';
import type { CustodyPort } from './port.ts';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Tangany's wallet resource (`POST /wallets`, 201): the wallet name and its secp256k1 public key. */
const walletResponseSchema = z.object({
  wallet: z.string().regex(/^[0-9a-zA-Z-]{1,127}$/),
  version: z.string().optional(),
  created: z.string().optional(),
  updated: z.string().optional(),
  security: z.enum(['software', 'hsm']).optional(),
  public: z.object({ secp256k1: z.string() }).partial().optional(),
});

/** Tangany's Ethereum wallet status (`GET /eth/wallet/{wallet}`, 200). */
const ethWalletResponseSchema = z.object({
  address: z.string(),
  balance: z.string().optional(),
  currency: z.string().optional(),
});

/** Tangany's error body (`statusCode`, `activityId` for their support, `message`). */
const errorResponseSchema = z.object({
  statusCode: z.number().optional(),
  activityId: z.string().optional(),
  message: z.string().optional(),
});

/**
 * The real custody partner: Tangany's Custody (Wallet as a Service) API. A wallet is created with
 * `POST /wallets` (its name, HSM keys, the holder's reference as a tag) and its Ethereum address
 * read with `GET /eth/wallet/{wallet}`; authentication by the `tangany-client-id`,
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
    'tangany-client-id': config.clientId,
    'tangany-client-secret': config.clientSecret,
    'tangany-subscription': config.subscription,
    ...(config.vaultUrl ? { 'tangany-vault-url': config.vaultUrl } : {}),
    ...extra,
  });

  /** One call; any failure (network, timeout, non-2xx, unexpected body) is `partner_unavailable`. */
  async function call<T>(
    what: string,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
    schema: z.ZodType<T>,
    expected: number,
  ): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${config.baseUrl}${path}`, {
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
    if (res.status !== expected) {
      const error = errorResponseSchema.safeParse(json);
      // Tangany's activity id lets their support trace the call; credentials are never logged.
      opts.logger?.warn(
        {
          what,
          status: res.status,
          activityId: error.success ? error.data.activityId : undefined,
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
    return parsed.data;
  }

  return {
    kind: 'tangany',
    webhooks: null,

    async createWallet({ reference }) {
      const created = await call(
        'create wallet',
        '/wallets',
        // Wallet names: letters, digits and '-', up to 127 characters; ours is random (nothing personal).
        { method: 'POST', body: { wallet: randomUUID(), useHsm: true, tags: [{ tag0: reference }] } },
        walletResponseSchema,
        201,
      );
      const eth = await call(
        'read wallet address',
        `/eth/wallet/${encodeURIComponent(created.wallet)}`,
        { method: 'GET', headers: { 'tangany-ethereum-network': config.ethereumNetwork } },
        ethWalletResponseSchema,
        200,
      );
      if (!isWalletAddress(eth.address)) {
        opts.logger?.warn({ wallet: created.wallet }, 'tangany: wallet address is not an Ethereum address');
        throw new AppError('partner_unavailable', { detail: 'tangany: invalid wallet address' });
      }
      const address = toChecksumAddress(eth.address);
      // The address must belong to the wallet's public key (when Tangany gives it uncompressed, in hex).
      const publicKey = created.public?.secp256k1;
      if (publicKey && /^(0x)?04[0-9a-fA-F]{128}$/.test(publicKey)) {
        const derived = publicKeyToAddress(
          publicKey.startsWith('0x') ? (publicKey as `0x${string}`) : `0x${publicKey}`,
        );
        if (derived !== address) {
          opts.logger?.warn({ wallet: created.wallet }, 'tangany: address does not match the public key');
          throw new AppError('partner_unavailable', {
            detail: 'tangany: address does not match the public key',
          });
        }
      }
      opts.logger?.info({ wallet: created.wallet, address }, 'tangany: wallet opened');
      return { walletId: created.wallet, address };
    },
  };
}
