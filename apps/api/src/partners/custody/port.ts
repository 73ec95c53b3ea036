import type { IncomingHttpHeaders } from 'node:http';
import type { RegistrarStatus, WalletAddress } from '@token/domain/wallets';
import type { Database } from '../../db/client.ts';

/** A wallet the custodian opened: its own id for the wallet and the wallet's EIP-55 address. */
export type CustodianWallet = { walletId: string; address: WalletAddress };

/**
 * What a custodian reports about a wallet's holder: the crypto securities registrar's verdict
 * (spec 4 crypto registrar status). `message` says what information is missing (`follow_up`).
 */
export type RegistrarStatusEvent = {
  eventId: string;
  type: 'wallet.registrar_status';
  /** The custodian's wallet id (`CustodianWallet.walletId`). */
  walletId: string;
  status: RegistrarStatus;
  message: string | null;
  occurredAt: string;
};

/** An authentic event of a type the platform does not act on; it is recorded, not applied. */
export type UnknownCustodyEvent = { eventId: string; type: string; unknown: true };

/** A webhook the custodian delivered, checked: a registrar status, another (unknown) event, or refused. */
export type WebhookCheck =
  | { ok: true; event: RegistrarStatusEvent | UnknownCustodyEvent }
  | { ok: false; reason: 'signature' | 'malformed' };

/** The webhooks of a custodian: verified over the raw body, recorded as `provider` events. */
export type CustodyWebhooks = {
  /** `partner_events.provider` of this custodian's events. */
  provider: string;
  verify: (opts: { rawBody: Buffer; headers: IncomingHttpHeaders; nowSeconds?: number }) => WebhookCheck;
};

/**
 * The crypto custody partner (convention 4): opens custodial wallets (secp256k1 keys kept by the
 * custodian, never by the platform) and reports the registrar status of their holders.
 */
export type CustodyPort = {
  /** `wallets.provider` of the wallets it opens. */
  kind: 'sandbox' | 'tangany';
  /**
   * Opens a wallet for a holder; `reference` is the platform's opaque id of the holder. Called
   * outside any transaction or row lock of the platform (STYLE: partner calls outside locks).
   * Throws `AppError('partner_unavailable')` when the custodian cannot be reached or refuses.
   */
  createWallet: (opts: { db: Database; reference: string }) => Promise<CustodianWallet>;
  /** The custodian's webhooks; null when it reports nothing by webhook. */
  webhooks: CustodyWebhooks | null;
};
