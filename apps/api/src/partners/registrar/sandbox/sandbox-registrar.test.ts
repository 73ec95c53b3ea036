import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import {
  sandboxRegistrarBalances,
  sandboxRegistrarInstructions,
  sandboxRegistrarTransactions,
} from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { sandboxSignatureHeader, signWebhook } from '../../webhook-signatures.ts';
import { isSandboxRegistrar, sandboxRegistrarWebhookSecret } from '../create-registrar.ts';
import {
  bondCodes,
  burnOf,
  mintOf,
  randomAddress,
  submitterFor,
  custodialAddress as testCustodialAddress,
  transferOf,
} from '../registrar.test-kit.ts';
import type { SandboxRegistrar } from './sandbox-registrar.ts';

/* The sandbox registrar's own ledger, its idempotency, its allow-list and its tester page. */

let t: TestApp;
let db: Database;
let registrar: SandboxRegistrar;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
  if (!isSandboxRegistrar(t.partners.registrar)) throw new Error('the sandbox registrar is the default');
  registrar = t.partners.registrar;
});
afterAll(() => t.close());

const bondCode = bondCodes('SANDBOX_BOND');
const custodialAddress = () => testCustodialAddress(db);
const submit: ReturnType<typeof submitterFor> = (i, via) => submitterFor(db, registrar)(i, via);
const rowOf = async (key: string) =>
  (await db.select().from(sandboxRegistrarInstructions).where(eq(sandboxRegistrarInstructions.key, key)))[0]!;
const chainOf = (bond: string) =>
  db.select().from(sandboxRegistrarTransactions).where(eq(sandboxRegistrarTransactions.bondCode, bond));

const origin = 'http://localhost:3000';
const decide = (id: number, form: string, headers: Record<string, string> = { origin }) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/registrar/instructions/${id}?locale=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form,
  });

describe('the sandbox registrar ledger', () => {
  it('executes a key once: the same instruction twice answers the same and changes the ledger once', async () => {
    const bond = bondCode();
    const to = await custodialAddress();
    const mint = mintOf(bond, to, 100, 'k');
    const first = await submit(mint);
    const second = await submit(mint);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ key: mint.key, status: 'accepted' });
    await t.jobs.drain({ includeDelayed: true });
    await submit(mint);
    await t.jobs.drain({ includeDelayed: true });
    expect(await chainOf(bond)).toHaveLength(1);
    expect(await registrar.balances({ db, bond: { code: bond, tokenId: null } })).toEqual(
      new Map([[to, 100]]),
    );
    const [tx] = await chainOf(bond);
    expect(tx!.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await rowOf(mint.key)).toMatchObject({ status: 'confirmed', blockNumber: tx!.blockNumber });
    // The same key with other figures is a platform bug, never executed.
    await expect(submit({ ...mint, amount: 101 })).rejects.toThrow(/reused/);
  });

  it('refuses a transfer beyond the balance, and a mint or transfer to an address off its allow-list', async () => {
    const bond = bondCode();
    const holder = await custodialAddress();
    const other = await custodialAddress();
    await submit(mintOf(bond, holder, 50));
    await submit(mintOf(bond, randomAddress(), 5, 'x'));
    await t.jobs.drain({ includeDelayed: true });
    expect(await rowOf(`x-${bond}`)).toMatchObject({ status: 'refused', reason: 'address_not_allowed' });
    await submit(transferOf(bond, holder, other, 60, 't1'));
    await submit(transferOf(bond, holder, randomAddress(), 10, 't2'));
    await submit(transferOf(bond, holder, other, 20, 't3'));
    await submit(burnOf(bond, holder, 30));
    await t.jobs.drain({ includeDelayed: true });
    expect(await rowOf(`t1-${bond}`)).toMatchObject({ status: 'refused', reason: 'insufficient_balance' });
    expect(await rowOf(`t2-${bond}`)).toMatchObject({ status: 'refused', reason: 'address_not_allowed' });
    expect(await rowOf(`t3-${bond}`)).toMatchObject({ status: 'confirmed' });
    expect(await rowOf(`b-${bond}`)).toMatchObject({ status: 'confirmed' });
    expect(await registrar.balances({ db, bond: { code: bond, tokenId: null } })).toEqual(
      new Map([[other, 20]]),
    );
    expect(await chainOf(bond)).toHaveLength(3);
  });

  it('verifies its webhooks: right secret within five minutes only', () => {
    const secret = sandboxRegistrarWebhookSecret(t.config.appSecret);
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'instruction.refused',
      created: new Date().toISOString(),
      data: {
        key: 'k',
        kind: 'mint',
        transactionHash: null,
        blockNumber: null,
        blockTime: null,
        fromAddress: null,
        toAddress: null,
        amount: 1,
        reason: 'no',
      },
    });
    const now = Math.floor(Date.now() / 1000);
    const verify = (header: string, nowSeconds = now) =>
      registrar.webhooks.verify({
        rawBody: Buffer.from(body),
        headers: { [sandboxSignatureHeader]: header },
        nowSeconds,
      });
    expect(verify(signWebhook(secret, body, now))).toMatchObject({
      ok: true,
      event: { key: 'k', reason: 'no' },
    });
    expect(verify(signWebhook(secret, body, now - 301))).toEqual({ ok: false, reason: 'signature' });
    expect(verify(signWebhook('other', body, now))).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('the sandbox registrar page', () => {
  it('lists balances and instructions; confirm, refuse and delay work; decided ones answer 409', async () => {
    const bond = bondCode();
    const to = await custodialAddress();
    for (const key of ['a', 'b', 'c']) {
      await submit(mintOf(bond, to, 10, key));
    }
    const [a, b, c] = [await rowOf(`a-${bond}`), await rowOf(`b-${bond}`), await rowOf(`c-${bond}`)];

    const confirmed = await decide(a.id, 'action=confirm');
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/sandbox/registrar?locale=en&done=1');
    expect(await rowOf(a.key)).toMatchObject({ status: 'confirmed' });
    expect((await decide(b.id, 'action=refuse&reason=Sperrvermerk')).statusCode).toBe(303);
    expect(await rowOf(b.key)).toMatchObject({ status: 'refused', reason: 'Sperrvermerk' });
    expect((await decide(c.id, 'action=delay&delaySeconds=600')).statusCode).toBe(303);
    const delayed = await rowOf(c.key);
    expect(delayed.status).toBe('pending');
    expect(delayed.version).toBe(c.version + 1);
    expect(delayed.confirmAfter.getTime()).toBeGreaterThan(Date.now() + 500_000);

    // The decisions reach the platform now; the first schedule of the delayed one is stale.
    await t.jobs.drain();
    expect((await rowOf(a.key)).deliveredAt).not.toBeNull();
    expect((await rowOf(b.key)).deliveredAt).not.toBeNull();
    expect(await rowOf(c.key)).toMatchObject({ status: 'pending', deliveredAt: null });

    expect((await decide(a.id, 'action=refuse')).statusCode).toBe(409);
    expect((await decide(999_999, 'action=confirm')).statusCode).toBe(404);
    expect((await decide(c.id, 'action=explode')).statusCode).toBe(422);

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/registrar?locale=en' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(bond);
    expect(page.body).toContain(to);
    expect(page.body).toContain('Sperrvermerk');
    expect(page.body).toMatch(new RegExp(`data-key="c-${bond}".*?Open`, 's'));
    const german = await t.app.inject({ method: 'GET', url: '/sandbox/registrar?locale=de' });
    expect(german.body).toContain('Sandbox-Registerführung');
    await t.jobs.drain({ includeDelayed: true });
    expect(await rowOf(c.key)).toMatchObject({ status: 'confirmed' });
  });

  it('refuses a decision without this site as its Origin (CSRF)', async () => {
    const bond = bondCode();
    await submit(mintOf(bond, await custodialAddress(), 1, 'o'));
    const row = await rowOf(`o-${bond}`);
    expect((await decide(row.id, 'action=confirm', {})).statusCode).toBe(403);
    expect((await decide(row.id, 'action=confirm', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await decide(row.id, 'action=confirm', { origin: 'null' })).statusCode).toBe(403);
    expect((await rowOf(row.key)).status).toBe('pending');
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sandboxRegistrarBalances} where bond_code = ${bond}`,
    );
    expect(rows[0]!.n).toBe(0);
    await t.jobs.drain({ includeDelayed: true });
  });
});
