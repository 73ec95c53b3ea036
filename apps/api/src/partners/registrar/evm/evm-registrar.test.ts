import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ganache from 'ganache';
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type EIP1193Provider,
  type Hex,
  keccak256,
  parseTransaction,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import {
  evmRegistrarTransactions,
  partnerEvents,
  registerEntries,
  registrarInstructions,
} from '../../../db/schema/index.ts';
import { seedBond, seedBuyer, seedOrder } from '../../../db/seed/factories.ts';
import { admin, operatorWithToken } from '../../../modules/admin/admin.test-kit.ts';
import { queueInstruction } from '../../../modules/register/instructions.service.ts';
import { reconcileAllBonds, reconcileBond } from '../../../modules/register/reconciliation.service.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { type RegistrarEvent, unaccountedHolders } from '../port.ts';
import {
  bondCodes,
  burnOf,
  mintOf,
  randomAddress,
  submitterFor,
  custodialAddress as testCustodialAddress,
  tokenIdOf as testTokenIdOf,
  transferOf,
} from '../registrar.test-kit.ts';
import { bondTokenPaths } from './bond-token-compile.ts';
import { createEvmRegistrar, type EvmRegistrar } from './evm-registrar.ts';

/*
 * The EVM registrar against an in-process chain (ganache, one per file): BondToken deployed on a
 * bond's first instruction, mints, forced transfers and burns from the agent key, the allow-list,
 * idempotency by key, the watcher's confirmations and refusals, and the whole path from
 * queueInstruction to the journal.
 */

const chainId = 1337;
const agentKey = generatePrivateKey();
const agent = privateKeyToAccount(agentKey);
const abi = (JSON.parse(readFileSync(bondTokenPaths.artifact, 'utf8')) as { abi: Abi }).abi;
const chain = defineChain({
  id: chainId,
  name: 'test',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

let provider: ReturnType<typeof ganache.provider>;
/** The adapter's clock: a fixed instant the stuck-transaction test moves on. */
let clock = new Date('2026-03-02T10:00:00.000Z');
let t: TestApp;
let db: Database;
let registrar: EvmRegistrar;
let client: ReturnType<typeof createPublicClient>;
let agentWallet: ReturnType<typeof createWalletClient>;

beforeAll(async () => {
  provider = ganache.provider({
    logging: { quiet: true },
    wallet: { accounts: [{ secretKey: agentKey, balance: '0x3635C9ADC5DEA00000' }] },
    chain: { chainId },
  });
  const transport = custom(provider as unknown as EIP1193Provider);
  registrar = createEvmRegistrar({
    transport,
    agentKey,
    chainId,
    confirmations: 1,
    pollSeconds: 0,
    replaceAfterSeconds: 60,
    maxReplacements: 2,
    now: () => clock,
  });
  client = createPublicClient({ chain, transport });
  agentWallet = createWalletClient({ chain, transport, account: agent });
  t = await createTestApp({ seed: 'reference', partners: { registrar } });
  db = t.app.db;
}, 60_000);
afterAll(async () => {
  await t.close();
  await provider.disconnect();
});

const bondCode = bondCodes('EVM_BOND');
const custodialAddress = () => testCustodialAddress(db);
const tokenIdOf = (code: string) => testTokenIdOf(db, code);
const submit: ReturnType<typeof submitterFor> = (i, via) => submitterFor(db, registrar)(i, via);
const balanceOf = async (contract: string, address: string) =>
  Number(
    await client.readContract({
      address: contract as Hex,
      abi,
      functionName: 'balanceOf',
      args: [address],
    }),
  );
/** The answers the watcher recorded (as partner events), by key. */
const answersOf = async (key: string) =>
  (await db.select().from(partnerEvents).where(eq(partnerEvents.provider, 'registrar-evm')))
    .map((r) => (r.payload as { event: RegistrarEvent }).event)
    .filter((e) => e.key === key);
/** Runs the watcher jobs (not the booking: these keys have no platform instruction). */
const watch = () => t.jobs.drain({ includeDelayed: true });

describe('the EVM registrar on an in-process chain', () => {
  it('deploys the bond token on the first mint, confirms it with hash and block time, and mints a key once', async () => {
    // A bond seeded without a token contract: the registrar deploys one for it.
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const bond = product.code;
    const to = await custodialAddress();
    const mint = mintOf(bond, to, 100, 'mint');
    const first = await submit(mint);
    // A retry after a timeout: same key, same transaction, nothing new signed or mined.
    const second = await submit(mint);
    expect(second).toEqual(first);
    expect(first.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const contract = await tokenIdOf(bond);
    expect(contract).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await client.getCode({ address: contract as Hex })).not.toBe('0x');
    await watch();
    await submit(mint);
    await watch();
    expect(await balanceOf(contract!, to)).toBe(100);
    const rows = await db
      .select()
      .from(evmRegistrarTransactions)
      .where(eq(evmRegistrarTransactions.bondCode, bond));
    expect(rows.map((r) => r.action).sort()).toEqual(['allow', 'deploy', 'mint']);
    const mints = await client.getContractEvents({
      address: contract as Hex,
      abi,
      eventName: 'Transfer',
      fromBlock: 0n,
    });
    expect(mints).toHaveLength(1);
    const [answer, ...more] = await answersOf(mint.key);
    expect(more).toHaveLength(0);
    expect(answer).toMatchObject({
      type: 'instruction.confirmed',
      transactionHash: first.transactionHash,
      fromAddress: null,
      toAddress: to,
      amount: 100,
      reason: null,
    });
    const receipt = await client.getTransactionReceipt({ hash: first.transactionHash as Hex });
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    expect(answer!.blockTime).toBe(new Date(Number(block.timestamp) * 1000).toISOString());
  });

  it('moves tokens by forced transfer, burns, reports balances, and refuses a transfer off the allow-list by the error name', async () => {
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const bond = product.code;
    const alice = await custodialAddress();
    const bob = await custodialAddress();
    await submit(mintOf(bond, alice, 50));
    await submit(transferOf(bond, alice, bob, 20));
    await submit(burnOf(bond, bob, 5));
    await watch();
    expect(await answersOf(`t-${bond}`)).toEqual([
      expect.objectContaining({
        type: 'instruction.confirmed',
        fromAddress: alice,
        toAddress: bob,
        amount: 20,
      }),
    ]);
    expect(await answersOf(`b-${bond}`)).toEqual([
      expect.objectContaining({
        type: 'instruction.confirmed',
        fromAddress: bob,
        toAddress: null,
        amount: 5,
      }),
    ]);
    const tokenId = await tokenIdOf(bond);
    // Balances at one block for the addresses the platform names; tokens elsewhere as unaccounted.
    expect(await registrar.balances({ db, bond: { code: bond, tokenId }, addresses: [alice, bob] })).toEqual(
      new Map([
        [alice, 30],
        [bob, 15],
      ]),
    );
    expect(
      await registrar.balances({ db, bond: { code: bond, tokenId }, addresses: [alice.toLowerCase()] }),
    ).toEqual(
      new Map<string, number>([
        [alice, 30],
        [unaccountedHolders, 15],
      ]),
    );

    // An adapter that does not put receivers on the allow-list: the contract itself refuses.
    const strict = createEvmRegistrar({
      transport: custom(provider as unknown as EIP1193Provider),
      agentKey,
      chainId,
      confirmations: 1,
      pollSeconds: 0,
      allowReceivers: false,
    });
    const stranger = randomAddress();
    const refused = await submit(transferOf(bond, alice, stranger, 1, 'x'), strict);
    await watch();
    expect(await answersOf(`x-${bond}`)).toEqual([
      expect.objectContaining({
        type: 'instruction.refused',
        transactionHash: refused.transactionHash,
        reason: 'AddressNotAllowed',
        toAddress: stranger,
        amount: 1,
      }),
    ]);
    // A holder's address taken off the allow-list is refused as well; and a burn beyond the balance.
    await agentWallet.writeContract({
      chain,
      account: agent,
      address: tokenId as Hex,
      abi,
      functionName: 'disallow',
      args: [bob],
    });
    await submit(transferOf(bond, alice, bob, 1, 'y'), strict);
    await submit(burnOf(bond, alice, 31, 'z'));
    await watch();
    expect((await answersOf(`y-${bond}`))[0]).toMatchObject({
      type: 'instruction.refused',
      reason: 'AddressNotAllowed',
    });
    expect((await answersOf(`z-${bond}`))[0]).toMatchObject({
      type: 'instruction.refused',
      reason: 'InsufficientBalance',
    });
    expect(await balanceOf(tokenId!, alice)).toBe(30);
  });

  it('refuses without a transaction an instruction whose holder has no address', async () => {
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const key = `nowallet-${product.code}`;
    const answer = await submit(mintOf(product.code, null, 3, 'nowallet'));
    expect(answer.transactionHash).toBeNull();
    await watch();
    expect(await answersOf(key)).toEqual([
      expect.objectContaining({
        type: 'instruction.refused',
        reason: 'address_missing',
        transactionHash: null,
      }),
    ]);
    expect(await tokenIdOf(product.code)).toBeNull();
  });
});

describe('the EVM registrar in the platform, and the reconciliation', () => {
  it('books a queued mint in the journal with the chain transaction hash, then reconciles it with the chain', async () => {
    const buyer = await seedBuyer(db, { appSecret: t.config.appSecret });
    const { product, variant } = await seedBond(db, { tokenId: null, variant: { totalSupply: 1_000 } });
    const { order } = await seedOrder(db, {
      customerId: buyer.id,
      variant: variant!,
      quantity: 7,
      state: 'completed',
      paymentState: 'paid',
    });
    const { instruction } = await db.transaction((tx) =>
      queueInstruction(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: buyer.id,
        amount: 7,
        cause: { type: 'order', orderId: String(order.id) },
        idempotencyKey: `mint-order-${order.id}`,
      }),
    );
    await t.jobs.drain({ includeDelayed: true });
    const [booked] = await db
      .select()
      .from(registrarInstructions)
      .where(eq(registrarInstructions.id, instruction.id));
    expect(booked).toMatchObject({ status: 'confirmed' });
    const [entry] = await db.select().from(registerEntries).where(eq(registerEntries.productId, product.id));
    const [sent] = await db
      .select()
      .from(evmRegistrarTransactions)
      .where(eq(evmRegistrarTransactions.key, `mint-order-${order.id}`));
    expect(entry).toMatchObject({ kind: 'mint', amount: 7, transactionHash: sent!.transactionHash });
    expect(booked!.transactionHash).toBe(sent!.transactionHash);
    const tokenId = await tokenIdOf(product.code);
    expect(await balanceOf(tokenId!, instruction.toAddress!)).toBe(7);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from partner_events where provider = 'registrar-evm' and processed_at is null`,
    );
    expect(rows[0]!.n).toBe(0);

    // Reconciliation: the journal and the chain agree; the operator sees it in the register.
    const { token } = await operatorWithToken(t.app, t.config.appSecret);
    const operator = admin(t.app, token);
    expect((await operator.get(`/bonds/${product.code}/register`)).body.reconciliation).toBeNull();
    expect(await reconcileBond({ db, registrar, productId: product.id })).toMatchObject({
      ok: true,
      registrar: 'evm',
      differences: [],
    });
    // The agent mints on the chain behind the platform's back: the holder's address differs.
    await agentWallet.writeContract({
      chain,
      account: agent,
      address: tokenId as Hex,
      abi,
      functionName: 'mint',
      args: [instruction.toAddress, 3n],
    });
    await t.jobs.drain({ includeDelayed: true });
    const { bonds, notOk } = await reconcileAllBonds({ db, registrar });
    expect(bonds).toBeGreaterThanOrEqual(1);
    expect(notOk).toBeGreaterThanOrEqual(1);
    const register = await operator.get(`/bonds/${product.code}/register`);
    expect(register.status).toBe(200);
    expect(register.body.reconciliation).toMatchObject({
      ok: false,
      registrar: 'evm',
      error: null,
      differences: [{ address: instruction.toAddress, journal: 7, registrar: 10 }],
    });
  });
});

describe('the EVM registrar with transactions not mined in time, and the pause', () => {
  const rowOf = async (key: string) =>
    (await db.select().from(evmRegistrarTransactions).where(eq(evmRegistrarTransactions.key, key)))[0]!;
  const rpc = (method: string) => provider.request({ method, params: [] } as never);

  it('replaces a stuck transaction with the same nonce and >= 10 % higher fees, at most N times, and confirms the hash mined', async () => {
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const bond = product.code;
    const to = await custodialAddress();
    await submit(mintOf(bond, to, 10));
    await watch();
    const contract = (await tokenIdOf(bond))!;
    const key = `stuck-${bond}`;
    await rpc('miner_stop');
    const versions: string[] = [];
    try {
      const first = await submit(mintOf(bond, to, 5, 'stuck'));
      versions.push(first.transactionHash!);
      expect(await registrar.evm.watch({ db, key })).toEqual({ status: 'pending', reason: 'not_mined' });
      expect((await rowOf(key)).transactionHash).toBe(first.transactionHash); // not due yet
      for (let i = 0; i < 3; i++) {
        clock = new Date(clock.getTime() + 61_000);
        expect(await registrar.evm.watch({ db, key })).toMatchObject({ status: 'pending' });
        const row = await rowOf(key);
        if (i < 2) {
          expect(row.transactionHash).not.toBe(versions.at(-1));
          versions.push(row.transactionHash);
        } else {
          expect(row.transactionHash).toBe(versions.at(-1)); // N = 2 replacements, then it waits
        }
        expect(row.replaced.map((r) => r.transactionHash)).toEqual(versions.slice(0, -1));
      }
      const signed = [
        ...(await rowOf(key)).replaced.map((r) => r.rawTransaction),
        (await rowOf(key)).rawTransaction,
      ];
      const parsed = signed.map((raw) => parseTransaction(raw as Hex));
      for (let i = 1; i < parsed.length; i++) {
        expect(parsed[i]!.nonce).toBe(parsed[0]!.nonce);
        expect(parsed[i]!.data).toBe(parsed[0]!.data);
        expect(parsed[i]!.maxFeePerGas! * 10n).toBeGreaterThanOrEqual(parsed[i - 1]!.maxFeePerGas! * 11n);
        expect(parsed[i]!.maxPriorityFeePerGas! * 10n).toBeGreaterThanOrEqual(
          parsed[i - 1]!.maxPriorityFeePerGas! * 11n,
        );
      }
      // The node holds the newest version in its pool (it refuses a replacement below its price bump).
      expect(await client.getTransaction({ hash: versions.at(-1) as Hex })).toMatchObject({
        nonce: parsed[0]!.nonce,
      });
    } finally {
      await rpc('miner_start');
    }
    await rpc('evm_mine');
    const decided = await registrar.evm.watch({ db, key });
    expect(decided).toMatchObject({
      status: 'decided',
      event: { type: 'instruction.confirmed', transactionHash: versions.at(-1), amount: 5 },
    });
    expect(await balanceOf(contract, to)).toBe(15);
  });

  it('follows an earlier version when that is the one mined', async () => {
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const bond = product.code;
    const to = await custodialAddress();
    const mined = await submit(mintOf(bond, to, 4, 'early'));
    const key = `early-${bond}`;
    const row = await rowOf(key);
    // As if a replacement had been recorded that the chain never took: the original was mined.
    const old = parseTransaction(row.rawTransaction as Hex);
    const replacement = await agent.signTransaction({
      ...old,
      type: 'eip1559',
      chainId,
      maxFeePerGas: old.maxFeePerGas! * 2n,
      maxPriorityFeePerGas: old.maxPriorityFeePerGas! * 2n,
    } as never);
    await db
      .update(evmRegistrarTransactions)
      .set({
        transactionHash: keccak256(replacement),
        rawTransaction: replacement,
        replaced: [{ transactionHash: row.transactionHash, rawTransaction: row.rawTransaction }],
      })
      .where(eq(evmRegistrarTransactions.id, row.id));
    expect(await registrar.evm.watch({ db, key })).toMatchObject({
      status: 'decided',
      event: { type: 'instruction.confirmed', transactionHash: mined.transactionHash, amount: 4 },
    });
    expect((await rowOf(key)).transactionHash).toBe(mined.transactionHash);
  });

  it("pauses the bond's token on the chain: an instruction meanwhile is refused TokenPaused", async () => {
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const bond = product.code;
    const to = await custodialAddress();
    await submit(mintOf(bond, to, 3));
    await watch();
    const tokenId = await tokenIdOf(bond);
    const paused = await registrar.setPaused({
      db,
      bond: { code: bond, tokenId },
      paused: true,
      key: `p-${bond}`,
    });
    expect(paused.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const isPaused = () => client.readContract({ address: tokenId as Hex, abi, functionName: 'paused' });
    expect(await isPaused()).toBe(true);
    await submit(mintOf(bond, to, 1, 'while-paused'));
    await watch();
    expect((await answersOf(`while-paused-${bond}`))[0]).toMatchObject({
      type: 'instruction.refused',
      reason: 'TokenPaused',
    });
    await registrar.setPaused({ db, bond: { code: bond, tokenId }, paused: false, key: `u-${bond}` });
    expect(await isPaused()).toBe(false);
    expect(await balanceOf(tokenId!, to)).toBe(3);
  });

  it('deploys the token of a bond paused before its first mint paused: that mint is refused TokenPaused', async () => {
    const { product } = await seedBond(db, { code: bondCode(), tokenId: null });
    const bond = product.code;
    const to = await custodialAddress();
    const instruction = mintOf(bond, to, 2, 'born-paused');
    await registrar.submit({
      db,
      instruction: { ...instruction, bond: { code: bond, tokenId: null, paused: true } },
    });
    await watch();
    expect((await answersOf(`born-paused-${bond}`))[0]).toMatchObject({
      type: 'instruction.refused',
      reason: 'TokenPaused',
    });
    const tokenId = await tokenIdOf(bond);
    expect(await client.readContract({ address: tokenId as Hex, abi, functionName: 'paused' })).toBe(true);
    expect(await balanceOf(tokenId!, to)).toBe(0);
  });
});
