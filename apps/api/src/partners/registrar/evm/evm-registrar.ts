import { readFileSync } from 'node:fs';
import { and, asc, eq, gte, lte, max, sql } from 'drizzle-orm';
import {
  type Abi,
  type Address,
  BaseError,
  type Chain,
  createPublicClient,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  isAddress,
  keccak256,
  parseTransaction,
  TransactionReceiptNotFoundError,
  type Transport,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Database, Db, Tx } from '../../../db/client.ts';
import { evmRegistrarTransactions, products } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/enqueue.ts';
import {
  type RegistrarEvent,
  type RegistrarInstruction,
  type RegistrarPort,
  unaccountedHolders,
} from '../port.ts';
import { type BondTokenArtifact, bondTokenPaths } from './bond-token-compile.ts';
import { registrarEvmWatchJob } from './registrar-evm-watch.job.ts';

/** `partner_events.provider` of the EVM registrar's answers (read from the chain, not a webhook). */
export const evmRegistrarProvider = 'registrar-evm';

/** The compiled BondToken (`npm run contracts:build`), read once. */
const artifact = JSON.parse(readFileSync(bondTokenPaths.artifact, 'utf8')) as BondTokenArtifact;
const abi = artifact.abi as Abi;

// Fixed gas limits rather than estimates: a mint signed right after its `allow` (not yet mined) would
// be estimated as reverting. Deployment needs about 0.9 M gas, a call at most about 70 k.
const deployGas = 2_000_000n;
const callGas = 150_000n;
// pg_advisory_xact_lock(16003, chainId): one signer at a time per chain takes the agent's next nonce.
const nonceLockKey = 16003;

type Row = typeof evmRegistrarTransactions.$inferSelect;

/** What the chain watcher found for an instruction. */
export type EvmWatchResult =
  | { status: 'pending'; reason: 'not_sent' | 'not_mined' | 'confirming' }
  | { status: 'decided'; event: RegistrarEvent; raw: Record<string, unknown> };

/** The EVM adapter's own controls: its watcher job uses them, the platform never does. */
export type EvmRegistrarControls = {
  provider: typeof evmRegistrarProvider;
  agentAddress: Address;
  chainId: number;
  pollSeconds: number;
  /** Reads the instruction's transaction; decided once it has `confirmations` blocks. */
  watch: (opts: { db: Database; key: string }) => Promise<EvmWatchResult>;
};

export type EvmRegistrar = RegistrarPort & { kind: 'evm'; webhooks: null; evm: EvmRegistrarControls };

/**
 * The registrar on an EVM chain through viem (decision 016, "EVM registrar"): one `BondToken` per
 * bond, deployed by the agent key on the bond's first instruction (its address becomes the product's
 * `token_id`); before a mint or transfer the receiver is put on the token's allow-list (the platform's
 * whitelist rule has decided already); mint, forcedTransfer and burn are sent from the agent key.
 * Every transaction is signed and recorded with its nonce before it is broadcast, so a retried
 * submit re-sends the same bytes and can never mint twice; the watcher job reads the receipts.
 */
export function createEvmRegistrar(opts: {
  transport: Transport;
  agentKey: Hex;
  chainId: number;
  confirmations: number;
  /** How long the watcher waits between looks at a pending transaction (default 3 s). */
  pollSeconds?: number;
  /** Put the receiver on the allow-list before a mint or transfer (default true; tests switch it off). */
  allowReceivers?: boolean;
  /**
   * A sent transaction not mined this long after it was (last) broadcast is replaced: the same nonce
   * and call, fees raised by 12.5 % (nodes want at least 10 %) or to the current estimate if higher.
   * Default 180 s.
   */
  replaceAfterSeconds?: number;
  /** At most this many replacements per transaction (default 5); then it waits, logged as stuck. */
  maxReplacements?: number;
  /** The adapter's clock (tests pass fixed instants). */
  now?: () => Date;
}): EvmRegistrar {
  const account = privateKeyToAccount(opts.agentKey);
  const chain: Chain = defineChain({
    id: opts.chainId,
    name: `registrar chain ${opts.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const client = createPublicClient({ chain, transport: opts.transport });
  const pollSeconds = opts.pollSeconds ?? 3;
  const allowReceivers = opts.allowReceivers ?? true;
  const replaceAfterMs = (opts.replaceAfterSeconds ?? 180) * 1000;
  const maxReplacements = opts.maxReplacements ?? 5;
  const now = opts.now ?? (() => new Date());

  const findRow = async (db: Db, key: string) =>
    (await db.select().from(evmRegistrarTransactions).where(eq(evmRegistrarTransactions.key, key)))[0];

  /** The bond's token contract: the product's `token_id` when it is an address, else our deployment. */
  async function contractOf(db: Db, instruction: RegistrarInstruction): Promise<Address | null> {
    const { tokenId, code } = instruction.bond;
    if (tokenId && isAddress(tokenId)) return getAddress(tokenId);
    const deployed = await findRow(db, `deploy:${code}`);
    return deployed ? (deployed.contractAddress as Address) : null;
  }

  async function isAllowedOnChain(contract: Address | null, address: Address): Promise<boolean> {
    if (!contract) return false;
    try {
      return (
        (await client.readContract({
          address: contract,
          abi,
          functionName: 'isAllowed',
          args: [address],
        })) === true
      );
    } catch {
      // Not deployed (or not mined) yet: nobody is allowed.
      return false;
    }
  }

  /** Broadcasts a recorded transaction (again); the chain knowing it already counts as sent. */
  async function broadcast(db: Db, row: Row): Promise<void> {
    try {
      await client.sendRawTransaction({ serializedTransaction: row.rawTransaction as Hex });
    } catch (error) {
      const known = await client.getTransaction({ hash: row.transactionHash as Hex }).catch(() => null);
      if (!known) throw error;
    }
    if (row.status !== 'sent') {
      await db
        .update(evmRegistrarTransactions)
        .set({ status: 'sent', sentAt: now() })
        .where(eq(evmRegistrarTransactions.id, row.id));
    }
  }

  /** Sends, in nonce order, every recorded transaction of the agent up to `nonce` not yet sent. */
  async function sendUpTo(db: Db, nonce: number): Promise<void> {
    const unsent = await db
      .select()
      .from(evmRegistrarTransactions)
      .where(
        and(
          eq(evmRegistrarTransactions.chainId, opts.chainId),
          eq(evmRegistrarTransactions.agentAddress, account.address),
          eq(evmRegistrarTransactions.status, 'signed'),
          lte(evmRegistrarTransactions.nonce, nonce),
        ),
      )
      .orderBy(asc(evmRegistrarTransactions.nonce));
    for (const row of unsent) await broadcast(db, row);
  }

  /** The call an instruction becomes on its token. */
  function callData(instruction: RegistrarInstruction): Hex {
    const amount = BigInt(instruction.amount);
    if (instruction.kind === 'mint')
      return encodeFunctionData({ abi, functionName: 'mint', args: [instruction.toAddress, amount] });
    if (instruction.kind === 'burn')
      return encodeFunctionData({ abi, functionName: 'burn', args: [instruction.fromAddress, amount] });
    return encodeFunctionData({
      abi,
      functionName: 'forcedTransfer',
      args: [instruction.fromAddress, instruction.toAddress, amount],
    });
  }

  /** An address the instruction needs but lacks (the sandbox's `address_missing`), or a malformed one. */
  function missingAddress(instruction: RegistrarInstruction): boolean {
    const needs = [
      ...(instruction.kind === 'burn' ? [] : [instruction.toAddress]),
      ...(instruction.kind === 'mint' ? [] : [instruction.fromAddress]),
    ];
    return needs.some((a) => !a || !isAddress(a));
  }

  type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  type RecordValues = {
    key: string;
    instructionKey: string | null;
    action: Row['action'];
    bondCode: string;
    contractAddress: Address;
    to: Address | null;
    data: Hex;
  };

  /** Signs a transaction of the agent with this nonce and fees (fixed gas: see `deployGas`). */
  const sign = (v: { nonce: number; to: Address | null; data: Hex; fees: Fees }) =>
    account.signTransaction({
      type: 'eip1559',
      chainId: opts.chainId,
      nonce: v.nonce,
      gas: v.to === null ? deployGas : callGas,
      maxFeePerGas: v.fees.maxFeePerGas,
      maxPriorityFeePerGas: v.fees.maxPriorityFeePerGas,
      ...(v.to === null ? {} : { to: v.to }),
      data: v.data,
    });

  /**
   * Takes the agent's nonce lock in `tx` (one signer per chain) and answers a recorder that signs and
   * records transactions with consecutive nonces from max(chain's pending count, highest recorded + 1).
   */
  async function lockNonces(tx: Tx, chainNonce: number, fees: Fees) {
    await tx.execute(sql`select pg_advisory_xact_lock(${nonceLockKey}, ${opts.chainId})`);
    const [last] = await tx
      .select({ nonce: max(evmRegistrarTransactions.nonce) })
      .from(evmRegistrarTransactions)
      .where(
        and(
          eq(evmRegistrarTransactions.chainId, opts.chainId),
          eq(evmRegistrarTransactions.agentAddress, account.address),
        ),
      );
    let nonce = Math.max(chainNonce, (last?.nonce ?? -1) + 1);
    return {
      nextNonce: () => nonce,
      async record(values: RecordValues): Promise<number> {
        const rawTransaction = await sign({ nonce, to: values.to, data: values.data, fees });
        await tx.insert(evmRegistrarTransactions).values({
          key: values.key,
          instructionKey: values.instructionKey,
          action: values.action,
          bondCode: values.bondCode,
          contractAddress: values.contractAddress,
          chainId: opts.chainId,
          agentAddress: account.address,
          nonce,
          transactionHash: keccak256(rawTransaction),
          rawTransaction,
        });
        nonce += 1;
        return nonce - 1;
      },
    };
  }

  /**
   * Signs and records the instruction's transactions (deployment, allow, the call) under the nonce
   * lock, with the watcher job, in one database transaction. Chain reads happen before, outside it.
   */
  async function prepare(db: Database, instruction: RegistrarInstruction): Promise<void> {
    if (missingAddress(instruction)) {
      await db.transaction(async (tx) => {
        await enqueueJob(tx, registrarEvmWatchJob, {
          key: instruction.key,
          poll: 0,
          refused: {
            reason: 'address_missing',
            fromAddress: instruction.fromAddress,
            toAddress: instruction.toAddress,
            amount: instruction.amount,
          },
        });
      });
      return;
    }
    const knownContract = await contractOf(db, instruction);
    const to = instruction.toAddress ? getAddress(instruction.toAddress) : null;
    const needsAllow = allowReceivers && to !== null && !(await isAllowedOnChain(knownContract, to));
    const fees = await client.estimateFeesPerGas();
    const chainNonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });

    await db.transaction(async (tx) => {
      const signer = await lockNonces(tx, chainNonce, fees);
      if (await findRow(tx, instruction.key)) return; // another attempt recorded it meanwhile
      const record = (values: Omit<RecordValues, 'instructionKey' | 'bondCode'>) =>
        signer.record({
          ...values,
          instructionKey: values.action === 'deploy' ? null : instruction.key,
          bondCode: instruction.bond.code,
        });

      let contract = await contractOf(tx, instruction);
      if (!contract) {
        contract = getContractAddress({ from: account.address, nonce: BigInt(signer.nextNonce()) });
        await record({
          key: `deploy:${instruction.bond.code}`,
          action: 'deploy',
          contractAddress: contract,
          to: null,
          data: encodeDeployData({
            abi,
            bytecode: artifact.bytecode,
            args: [instruction.bond.code, instruction.bond.code, account.address],
          }),
        });
        // The product names its token from now on (spec 3 `tokenId`); its `blockchainName` stays.
        await tx.update(products).set({ tokenId: contract }).where(eq(products.code, instruction.bond.code));
        // Paused by the operator before its token existed: the token is born paused, so this
        // instruction is refused `TokenPaused` as on a token paused later (and as the sandbox does).
        if (instruction.bond.paused) {
          await record({
            key: `pause-at-deploy:${instruction.bond.code}`,
            action: 'pause',
            contractAddress: contract,
            to: contract,
            data: encodeFunctionData({ abi, functionName: 'pause' }),
          });
        }
      }
      if (needsAllow && to) {
        await record({
          key: `${instruction.key}:allow`,
          action: 'allow',
          contractAddress: contract,
          to: contract,
          data: encodeFunctionData({ abi, functionName: 'allow', args: [to] }),
        });
      }
      await record({
        key: instruction.key,
        action: instruction.kind,
        contractAddress: contract,
        to: contract,
        data: callData(instruction),
      });
      await enqueueJob(
        tx,
        registrarEvmWatchJob,
        { key: instruction.key, poll: 0, refused: null },
        { startAfter: pollSeconds },
      );
    });
  }

  /** Why a mined call reverted: the custom error's name, replayed on the state after its block. */
  async function revertReason(row: Row, blockNumber: bigint): Promise<string> {
    const { data } = parseTransaction(row.rawTransaction as Hex);
    try {
      await client.call({ account: account.address, to: row.contractAddress as Address, data, blockNumber });
    } catch (error) {
      const found =
        error instanceof BaseError
          ? (error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null)
          : null;
      if (found?.data) {
        try {
          return decodeErrorResult({ abi, data: found.data }).errorName;
        } catch {
          return 'reverted';
        }
      }
    }
    return 'reverted';
  }

  /** The receipt of whichever version of the row's transaction was mined (newest first), or null. */
  async function minedVersion(row: Row) {
    const hashes = [row.transactionHash, ...row.replaced.map((r) => r.transactionHash).reverse()];
    for (const hash of hashes as Hex[]) {
      try {
        return { hash, receipt: await client.getTransactionReceipt({ hash }) };
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      }
    }
    return null;
  }

  /** Fees at least 12.5 % above the old ones (nodes refuse a replacement under +10 %), or today's if higher. */
  function bumped(old: Fees, current: Fees): Fees {
    const up = (v: bigint) => v + v / 8n + 1n;
    const priority =
      up(old.maxPriorityFeePerGas) > current.maxPriorityFeePerGas
        ? up(old.maxPriorityFeePerGas)
        : current.maxPriorityFeePerGas;
    const fee = up(old.maxFeePerGas) > current.maxFeePerGas ? up(old.maxFeePerGas) : current.maxFeePerGas;
    return { maxPriorityFeePerGas: priority, maxFeePerGas: fee > priority ? fee : priority };
  }

  /**
   * Replaces the agent's sent transactions up to `nonce` that the chain has not mined (nonce at or
   * above its mined count) and that were broadcast `replaceAfterMs` ago or longer: same nonce and
   * call, higher fees, at most `maxReplacements` times each. Each row keeps its earlier versions.
   */
  async function replaceStuck(db: Db, nonce: number): Promise<void> {
    const minedCount = await client.getTransactionCount({ address: account.address, blockTag: 'latest' });
    const due = new Date(now().getTime() - replaceAfterMs);
    const rows = await db
      .select()
      .from(evmRegistrarTransactions)
      .where(
        and(
          eq(evmRegistrarTransactions.chainId, opts.chainId),
          eq(evmRegistrarTransactions.agentAddress, account.address),
          eq(evmRegistrarTransactions.status, 'sent'),
          gte(evmRegistrarTransactions.nonce, minedCount),
          lte(evmRegistrarTransactions.nonce, nonce),
          lte(evmRegistrarTransactions.sentAt, due),
        ),
      )
      .orderBy(asc(evmRegistrarTransactions.nonce));
    if (rows.length === 0) return;
    const current = await client.estimateFeesPerGas();
    for (const row of rows) {
      if (row.replaced.length >= maxReplacements) continue;
      const old = parseTransaction(row.rawTransaction as Hex);
      const fees = bumped(
        { maxFeePerGas: old.maxFeePerGas ?? 0n, maxPriorityFeePerGas: old.maxPriorityFeePerGas ?? 0n },
        current,
      );
      const rawTransaction = await sign({
        nonce: row.nonce,
        to: old.to ?? null,
        data: old.data ?? '0x',
        fees,
      });
      const transactionHash = keccak256(rawTransaction);
      // Recorded before broadcasting, as every transaction: whichever version is mined is known.
      await db
        .update(evmRegistrarTransactions)
        .set({
          transactionHash,
          rawTransaction,
          sentAt: now(),
          replaced: [
            ...row.replaced,
            { transactionHash: row.transactionHash, rawTransaction: row.rawTransaction },
          ],
        })
        .where(eq(evmRegistrarTransactions.id, row.id));
      try {
        await client.sendRawTransaction({ serializedTransaction: rawTransaction });
      } catch (error) {
        // The old version was mined meanwhile ("nonce too low"): the next look finds its receipt.
        if (!(await client.getTransaction({ hash: transactionHash }).catch(() => null))) {
          const mined = await client.getTransactionCount({ address: account.address, blockTag: 'latest' });
          if (mined <= row.nonce) throw error;
        }
      }
    }
  }

  const controls: EvmRegistrarControls = {
    provider: evmRegistrarProvider,
    agentAddress: account.address,
    chainId: opts.chainId,
    pollSeconds,

    async watch({ db, key }) {
      const row = await findRow(db, key);
      if (!row) return { status: 'pending', reason: 'not_sent' };
      const found = await minedVersion(row);
      if (!found) {
        // Recorded but not on the chain (a crash before broadcasting, a node that dropped it): send again.
        const known = await client.getTransaction({ hash: row.transactionHash as Hex }).catch(() => null);
        if (!known) await sendUpTo(db, row.nonce);
        // Not mined in time (fees too low for the chain now): replace it and any earlier one holding it up.
        else await replaceStuck(db, row.nonce);
        return { status: 'pending', reason: 'not_mined' };
      }
      const { receipt, hash } = found;
      if (hash !== row.transactionHash) {
        // An earlier version was mined: the row names the transaction the chain holds from now on.
        const mined = row.replaced.find((r) => r.transactionHash === hash)!;
        await db
          .update(evmRegistrarTransactions)
          .set({
            transactionHash: mined.transactionHash,
            rawTransaction: mined.rawTransaction,
            replaced: [
              ...row.replaced.filter((r) => r !== mined),
              { transactionHash: row.transactionHash, rawTransaction: row.rawTransaction },
            ],
          })
          .where(eq(evmRegistrarTransactions.id, row.id));
      }
      const head = await client.getBlockNumber({ cacheTime: 0 });
      if (head - receipt.blockNumber + 1n < BigInt(opts.confirmations)) {
        return { status: 'pending', reason: 'confirming' };
      }
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      const blockTime = new Date(Number(block.timestamp) * 1000).toISOString();
      const raw = {
        chainId: opts.chainId,
        contract: row.contractAddress,
        transactionHash: hash,
        blockNumber: Number(receipt.blockNumber),
        status: receipt.status,
      };
      const base = { eventId: `evm:${opts.chainId}:${hash}`, key, transactionHash: hash, blockTime };
      const transfer =
        receipt.status === 'success'
          ? receipt.logs
              .filter((log) => log.address.toLowerCase() === row.contractAddress.toLowerCase())
              .map((log) => {
                try {
                  return decodeEventLog({ abi, data: log.data, topics: log.topics });
                } catch {
                  return null;
                }
              })
              .find((e) => e?.eventName === 'Transfer')
          : undefined;
      if (transfer) {
        const args = transfer.args as unknown as { from: Address; to: Address; value: bigint };
        return {
          status: 'decided',
          raw,
          event: {
            ...base,
            type: 'instruction.confirmed',
            fromAddress: args.from === zeroAddress ? null : args.from,
            toAddress: args.to === zeroAddress ? null : args.to,
            amount: Number(args.value),
            reason: null,
          },
        };
      }
      const { data } = parseTransaction(row.rawTransaction as Hex);
      const instructed = decodeInstructed(data);
      return {
        status: 'decided',
        raw,
        event: {
          ...base,
          type: 'instruction.refused',
          fromAddress: instructed.from,
          toAddress: instructed.to,
          amount: instructed.amount,
          // Mined without a Transfer (no contract at the address): not executed either.
          reason:
            receipt.status === 'reverted' ? await revertReason(row, receipt.blockNumber) : 'no_transfer',
        },
      };
    },
  };

  return {
    kind: 'evm',
    webhooks: null,
    evm: controls,

    async submit({ db, instruction }) {
      // The submit job hands the runner's Database; a caller's Tx would hold locks across the chain calls.
      const database = db as Database;
      let row = await findRow(database, instruction.key);
      if (!row) {
        await prepare(database, instruction);
        row = await findRow(database, instruction.key);
      }
      if (row) {
        if (row.action !== instruction.kind || row.bondCode !== instruction.bond.code) {
          throw new Error(`evm registrar: key ${instruction.key} reused with other parameters`);
        }
        await sendUpTo(database, row.nonce);
      }
      return {
        key: instruction.key,
        status: 'accepted',
        reference: row?.transactionHash ?? `refused:${instruction.key}`,
        transactionHash: row?.transactionHash ?? null,
      };
    },

    /**
     * Each address the platform names, `balanceOf` at one block (the newest with the confirmations
     * the watcher awaits), and `totalSupply` at the same block: tokens beyond the named addresses'
     * sum (moved by the agent outside the platform) are reported under `unaccountedHolders`. One
     * block for every read, so a transfer mined meanwhile cannot be counted twice or not at all;
     * no log scan, so no node limit on log ranges applies.
     */
    async balances({ db, bond, addresses = [] }) {
      const contract =
        bond.tokenId && isAddress(bond.tokenId)
          ? getAddress(bond.tokenId)
          : ((await findRow(db, `deploy:${bond.code}`))?.contractAddress as Address | undefined);
      if (!contract) return new Map();
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const blockNumber =
        head - BigInt(opts.confirmations - 1) > 0n ? head - BigInt(opts.confirmations - 1) : 0n;
      const code = await client.getCode({ address: contract, blockNumber });
      if (!code || code === '0x') return new Map(); // deployment not mined (or confirmed) yet
      const read = (functionName: 'balanceOf' | 'totalSupply', args: readonly Address[] = []) =>
        client.readContract({ address: contract, abi, functionName, args, blockNumber }) as Promise<bigint>;
      const named = [...new Set(addresses.filter((a) => isAddress(a)).map((a) => getAddress(a)))];
      const balances = new Map<string, number>();
      let sum = 0n;
      // One eth_call per address, a few at a time (no multicall contract needed on the chain).
      for (let i = 0; i < named.length; i += 20) {
        const chunk = named.slice(i, i + 20);
        const values = await Promise.all(chunk.map((a) => read('balanceOf', [a])));
        chunk.forEach((address, j) => {
          const value = values[j]!;
          sum += value;
          if (value > 0n) balances.set(address, Number(value));
        });
      }
      const supply = await read('totalSupply');
      if (supply > sum) balances.set(unaccountedHolders, Number(supply - sum));
      return balances;
    },

    async setPaused({ db, bond, paused, key }) {
      const database = db as Database;
      const existing = await findRow(database, key);
      if (existing) {
        await sendUpTo(database, existing.nonce);
        return { transactionHash: existing.transactionHash };
      }
      const contract =
        bond.tokenId && isAddress(bond.tokenId)
          ? getAddress(bond.tokenId)
          : ((await findRow(database, `deploy:${bond.code}`))?.contractAddress as Address | undefined);
      // No token deployed yet: nothing to pause on the chain (the platform refuses transfers itself).
      if (!contract) return { transactionHash: null };
      const fees = await client.estimateFeesPerGas();
      const chainNonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
      const nonce = await database.transaction(async (tx) => {
        const signer = await lockNonces(tx, chainNonce, fees);
        const again = await findRow(tx, key);
        if (again) return again.nonce;
        return signer.record({
          key,
          instructionKey: null,
          action: paused ? 'pause' : 'unpause',
          bondCode: bond.code,
          contractAddress: contract,
          to: contract,
          data: encodeFunctionData({ abi, functionName: paused ? 'pause' : 'unpause' }),
        });
      });
      await sendUpTo(database, nonce);
      return { transactionHash: (await findRow(database, key))?.transactionHash ?? null };
    },
  };

  /** The holders and amount a call was signed with (for a refusal's event). */
  function decodeInstructed(data: Hex | undefined): {
    from: string | null;
    to: string | null;
    amount: number;
  } {
    if (!data) return { from: null, to: null, amount: 0 };
    const call = decodeFunctionData({ abi, data });
    const args = (call.args ?? []) as unknown[];
    if (call.functionName === 'mint') return { from: null, to: String(args[0]), amount: Number(args[1]) };
    if (call.functionName === 'burn') return { from: String(args[0]), to: null, amount: Number(args[1]) };
    return { from: String(args[0]), to: String(args[1]), amount: Number(args[2]) };
  }
}
