import type { IncomingHttpHeaders } from 'node:http';
import type { RegistrarInstructionKind } from '@token/domain/register';
import type { Db } from '../../db/client.ts';

/*
 * The crypto-securities registrar (issue 16, convention 4, decision 016 "Registrar"): it executes the
 * platform's mint, transfer and burn instructions on its ledger (a chain) and answers later. `submit`
 * only hands an instruction over and returns at once (an EVM adapter: the transaction is sent, not
 * mined); the confirmation (transaction hash, block time, addresses) or refusal arrives afterwards as
 * a `RegistrarEvent`, by signed webhook from the sandbox, by a chain watcher from an EVM adapter.
 */

/** A bond as the registrar knows it: the platform's code and, once deployed, its token (contract) id. */
export type RegistrarBond = {
  code: string;
  tokenId: string | null;
  /**
   * The operator has paused the bond (`register_heads.paused`): an adapter that deploys the bond's
   * token for this instruction pauses it at once, so a pause set before the first mint holds on chain.
   */
  paused?: boolean;
};

/** One instruction as the registrar receives it. Addresses are the custodial wallets' (EIP-55). */
export type RegistrarInstruction = {
  /** The platform's idempotency key: the same key twice executes once and answers the same. */
  key: string;
  kind: RegistrarInstructionKind;
  bond: RegistrarBond;
  /** Null for a mint. */
  fromAddress: string | null;
  /** Null for a burn. */
  toAddress: string | null;
  /** Whole tokens, > 0. */
  amount: number;
};

/** The registrar took the instruction (not yet executed): its own reference, a transaction hash if known. */
export type RegistrarSubmission = {
  key: string;
  status: 'accepted';
  /** The registrar's id of the instruction (sandbox: its row; EVM: the transaction hash sent). */
  reference: string;
  transactionHash: string | null;
};

export const registrarEventTypes = ['instruction.confirmed', 'instruction.refused'] as const;
export type RegistrarEventType = (typeof registrarEventTypes)[number];

/** The registrar's answer to an instruction, as the platform applies it (`applyRegistrarEvent`). */
export type RegistrarEvent = {
  eventId: string;
  type: RegistrarEventType;
  /** The instruction's idempotency key. */
  key: string;
  /** 0x + 64 hex digits (confirmed); null when refused before reaching the chain. */
  transactionHash: string | null;
  /** ISO time of the block (confirmed). */
  blockTime: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  amount: number;
  /** Why it was refused (`insufficient_balance`, `address_not_allowed`, a tester's words …). */
  reason: string | null;
};

/** A webhook checked: an authentic event, or refused (forged, expired, unreadable). */
export type RegistrarWebhookCheck =
  | { ok: true; event: RegistrarEvent }
  | { ok: false; reason: 'signature' | 'malformed' };

/** The registrar's webhooks: verified over the raw body (constant time, 5-minute window). */
export type RegistrarWebhooks = {
  /** `partner_events.provider` of its events. */
  provider: string;
  verify: (opts: {
    rawBody: Buffer;
    headers: IncomingHttpHeaders;
    nowSeconds?: number;
  }) => RegistrarWebhookCheck;
};

/** The key under which `balances` reports tokens held by addresses the platform did not name. */
export const unaccountedHolders = 'unaccounted';

/** One registrar adapter: the built-in sandbox ledger (default) or an EVM chain through viem. */
export type RegistrarPort = {
  kind: 'sandbox' | 'evm';
  /**
   * Hands one instruction to the registrar, outside any platform transaction or row lock. Idempotent
   * by `instruction.key`. Throws when the registrar cannot be reached (the submit job retries).
   */
  submit: (opts: { db: Db; instruction: RegistrarInstruction }) => Promise<RegistrarSubmission>;
  /**
   * The registrar's own balances of a bond, address -> tokens (for the reconciliation). `addresses`
   * are those the platform knows for the bond (its holders, past and in flight): an adapter that
   * cannot list holders (a chain) reads these at one block and reports tokens held elsewhere under
   * `unaccountedHolders`.
   */
  balances: (opts: {
    db: Db;
    bond: RegistrarBond;
    addresses?: readonly string[];
  }) => Promise<Map<string, number>>;
  /**
   * Pauses (or unpauses) the bond's token: while paused the registrar refuses every instruction on it
   * (mint, transfer, burn), as the contract does. Idempotent; `key` names this request (an EVM
   * adapter's transaction). Outside any platform transaction. Answers the transaction sent, if any.
   */
  setPaused: (opts: {
    db: Db;
    bond: RegistrarBond;
    paused: boolean;
    key: string;
  }) => Promise<{ transactionHash: string | null }>;
  /** Its webhooks; null when confirmations come another way (an EVM adapter watching the chain). */
  webhooks: RegistrarWebhooks | null;
};
