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

/** A postal address as the custodian's entities carry it (the street with its number in `streetName`). */
export type CustodyAddress = { country: string; city: string; postcode: string; streetName: string };

/**
 * The identity document the KYC partner read (Tangany's `kyc.document`); each field null when the
 * partner did not report it. Dates YYYY-MM-DD, countries ISO 3166-1 alpha-2.
 */
export type CustodyKycDocument = {
  type: 'id_card' | 'passport' | null;
  number: string | null;
  country: string | null;
  nationality: string | null;
  issuedBy: string | null;
  issueDate: string | null;
  validUntil: string | null;
};

/** The identification that passed: the KYC partner's transaction id, when it was decided, the document. */
export type CustodyKyc = {
  id: string;
  date: string;
  method: 'video_ident';
  document: CustodyKycDocument | null;
};

/**
 * The person holding a custodial wallet, as the custodian's customer record needs them (Tangany 2.0:
 * a customer, owned by a natural person with nationality, address and KYC, before any wallet). Each
 * field is null when the platform does not know it; the custodian decides whether that suffices.
 */
export type CustodyPerson = {
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  birthPlace: string | null;
  /** ISO 3166-1 alpha-2. */
  birthCountry: string | null;
  nationality: string | null;
  email: string | null;
  address: CustodyAddress | null;
  kyc: CustodyKyc | null;
};

/**
 * A natural person named by a company account (its representatives and beneficial owners, spec 3 UBO
 * person), as Tangany relates them to a legal person. `key` is stable for the person within the holder
 * (it names their entity at the custodian); shares in percent, only for shares in the company itself.
 */
export type CustodyRelatedPerson = {
  key: string;
  person: CustodyPerson;
  isUltimateBeneficialOwner: boolean;
  isFictitiousBeneficialOwner: boolean;
  position: string | null;
  sharePercentage: number | null;
};

/**
 * A company account as the custodian's legal person (Tangany `entities/legal-persons`); null fields are
 * not known to the platform and are left out.
 */
export type CustodyCompany = {
  name: string | null;
  /** The legal form as written in Germany (GmbH, UG (haftungsbeschränkt), AG, …). */
  legalForm: string | null;
  /** Registry court and number, e.g. `Amtsgericht München HRB 246113`. */
  commercialRegister: string | null;
  taxId: string | null;
  vatId: string | null;
  legalAddress: CustodyAddress | null;
  /** Representatives and beneficial owners other than the account's user. */
  related: CustodyRelatedPerson[];
  /** The account's user (`CustodyHolder.person`) as related to the company (position, ownership). */
  user: Omit<CustodyRelatedPerson, 'key' | 'person'>;
};

/**
 * Whom a wallet is opened for: the platform's opaque reference (the customer's uuid) and the person;
 * for a company account also the company, which is then the custodian's customer (owner), with the
 * person (the account's user, who identified) authorised to act for it.
 */
export type CustodyHolder = { reference: string; person: CustodyPerson; company?: CustodyCompany | null };

/**
 * The crypto custody partner (convention 4): opens custodial wallets (secp256k1 keys kept by the
 * custodian, never by the platform) and reports the registrar status of their holders.
 */
export type CustodyPort = {
  /** `wallets.provider` of the wallets it opens. */
  kind: 'sandbox' | 'tangany';
  /**
   * Opens the holder's wallet number `attempt` (1 unless an earlier one was closed), idempotently
   * (decision 030): its name and request id at the custodian follow from the holder's reference and
   * the attempt, and a wallet the custodian already opened under them (a retry after a lost answer)
   * is found and returned instead of opening a second one. The custodian's customer is created first
   * when it does not exist. Called outside any transaction or row lock of the platform (STYLE:
   * partner calls outside locks). Throws `AppError('partner_unavailable')` when the custodian cannot
   * be reached or refuses; calling again with the same holder and attempt is always safe.
   */
  createWallet: (opts: { db: Database; holder: CustodyHolder; attempt?: number }) => Promise<CustodianWallet>;
  /** The custodian's webhooks; null when it reports nothing by webhook. */
  webhooks: CustodyWebhooks | null;
};
