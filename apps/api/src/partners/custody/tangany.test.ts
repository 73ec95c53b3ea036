import { readFileSync } from 'node:fs';
import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TanganyConfig } from '../../config.ts';
import { customers, wallets } from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createTanganyCustody } from './tangany.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const created201 = fixture('tangany-create-wallet.201.json');
const ethWallet200 = fixture('tangany-eth-wallet.200.json');
const error401 = fixture('tangany-error.401.json');
const ethWallet404 = fixture('tangany-eth-wallet.404.json');
/** The address of the recorded wallet, EIP-55 checksummed (Tangany answers it in lower case). */
const recordedAddress = '0x74343BF85fce9Fc6ceA58aB1931462F889A88Cb4';

const config: TanganyConfig = {
  clientId: 'client-0f3a',
  clientSecret: 's3cr3t-value-never-logged',
  subscription: 'sub-77aa',
  vaultUrl: 'https://example-vault.vault.azure.net',
  baseUrl: 'https://api.tangany.com/v1',
  ethereumNetwork: 'sepolia',
};

type Recorded = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** A fetch that answers with recorded payloads in order and keeps every request it got. */
function replay(answers: { status: number; body: string }[]) {
  const requests: Recorded[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    requests.push({
      method: init?.method ?? 'GET',
      url: String(input),
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error('no more recorded answers');
    return new Response(next.body, { status: next.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

function capturingLogger() {
  const lines: string[] = [];
  const log = (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`);
  return { logger: { info: log, warn: log }, lines };
}

describe('Tangany adapter (recorded payloads)', () => {
  it('creates a wallet (POST /wallets) and reads its address (GET /eth/wallet/{wallet})', async () => {
    const { fetch, requests } = replay([
      { status: 201, body: created201 },
      { status: 200, body: ethWallet200 },
    ]);
    const { logger, lines } = capturingLogger();
    const custody = createTanganyCustody({ config, fetch, logger });
    expect(custody.kind).toBe('tangany');
    expect(custody.webhooks).toBeNull();
    const wallet = await custody.createWallet({
      db: undefined as never,
      reference: 'b8d7c0e2-4f5a-4d1e-9c3b-7a6e5f4d3c2b',
    });
    expect(wallet).toEqual({ walletId: '3f0c1a7e-5b2d-4c8e-9a61-2d7f0b4e8c15', address: recordedAddress });

    const [create, read] = requests;
    expect(create).toMatchObject({
      method: 'POST',
      url: 'https://api.tangany.com/v1/wallets',
      headers: {
        'tangany-client-id': 'client-0f3a',
        'tangany-client-secret': 's3cr3t-value-never-logged',
        'tangany-subscription': 'sub-77aa',
        'tangany-vault-url': 'https://example-vault.vault.azure.net',
        'content-type': 'application/json',
      },
      body: { useHsm: true, tags: [{ tag0: 'b8d7c0e2-4f5a-4d1e-9c3b-7a6e5f4d3c2b' }] },
    });
    // Tangany's wallet-name rule; ours is random, so it says nothing about the person.
    expect((create!.body as { wallet: string }).wallet).toMatch(/^[0-9a-zA-Z-]{1,127}$/);
    expect(read).toMatchObject({
      method: 'GET',
      url: 'https://api.tangany.com/v1/eth/wallet/3f0c1a7e-5b2d-4c8e-9a61-2d7f0b4e8c15',
      headers: { 'tangany-ethereum-network': 'sepolia', 'tangany-client-id': 'client-0f3a' },
      body: undefined,
    });
    expect(lines.join('\n')).not.toContain('s3cr3t-value-never-logged');
  });

  it('leaves out the vault header when no vault is configured', async () => {
    const { fetch, requests } = replay([
      { status: 201, body: created201 },
      { status: 200, body: ethWallet200 },
    ]);
    await createTanganyCustody({ config: { ...config, vaultUrl: undefined }, fetch }).createWallet({
      db: undefined as never,
      reference: 'r',
    });
    expect(requests[0]!.headers).not.toHaveProperty('tangany-vault-url');
  });

  it.each([
    ['refused credentials (401)', [{ status: 401, body: error401 }], 1],
    [
      'an unknown wallet when reading the address (404)',
      [
        { status: 201, body: created201 },
        { status: 404, body: ethWallet404 },
      ],
      2,
    ],
    ['an answer that is not JSON', [{ status: 201, body: '<html>gateway</html>' }], 1],
    [
      'an address that is not an Ethereum address',
      [
        { status: 201, body: created201 },
        { status: 200, body: JSON.stringify({ address: '0x1234', balance: '0', currency: 'ETHER' }) },
      ],
      2,
    ],
    [
      'an address that does not belong to the wallet’s public key',
      [
        { status: 201, body: created201 },
        {
          status: 200,
          body: JSON.stringify({
            address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
            balance: '0',
            currency: 'ETHER',
          }),
        },
      ],
      2,
    ],
  ])('answers %s as partner_unavailable (503) and logs no secret', async (_, answers, calls) => {
    const { fetch, requests } = replay([...answers]);
    const { logger, lines } = capturingLogger();
    const attempt = createTanganyCustody({ config, fetch, logger }).createWallet({
      db: undefined as never,
      reference: 'r',
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'partner_unavailable', status: 503 });
    expect(requests).toHaveLength(calls);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('s3cr3t-value-never-logged');
  });

  it('keeps Tangany’s activity id in the log for their support', async () => {
    const { fetch } = replay([{ status: 401, body: error401 }]);
    const { logger, lines } = capturingLogger();
    await expect(
      createTanganyCustody({ config, fetch, logger }).createWallet({
        db: undefined as never,
        reference: 'r',
      }),
    ).rejects.toMatchObject({ code: 'partner_unavailable' });
    expect(lines.join('\n')).toContain('03a471c7-62d9-4d6c-9bdd-888f6f2e2236');
  });

  it('answers a network failure or timeout as partner_unavailable', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(
      createTanganyCustody({ config, fetch: failing }).createWallet({
        db: undefined as never,
        reference: 'r',
      }),
    ).rejects.toMatchObject({ code: 'partner_unavailable' });
  });
});

describe('POST wallets with the Tangany adapter', () => {
  let t: TestApp;
  let recorded: ReturnType<typeof replay>;
  beforeAll(async () => {
    recorded = replay([
      { status: 201, body: created201 },
      { status: 200, body: ethWallet200 },
      { status: 401, body: error401 },
    ]);
    t = await createTestApp({
      seed: 'reference',
      partners: { custody: createTanganyCustody({ config, fetch: recorded.fetch }) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores Tangany’s wallet and address; a refusal by Tangany is 503 and stores nothing', async () => {
    const first = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const api = shop(t.app, (await loginAs(t.app, { email: first.email, password: testPassword })).token);
    const res = await api.post('/wallets', { type: 'custody', defaultWallet: true, name: 'Depot' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'custody', address: recordedAddress, defaultWallet: true });
    const [stored] = await t.app.db.select().from(wallets).where(eq(wallets.customerId, first.id));
    expect(stored).toMatchObject({ provider: 'tangany', externalId: '3f0c1a7e-5b2d-4c8e-9a61-2d7f0b4e8c15' });
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, first.id));
    expect(customer!.cryptoRegistrarStatus).toBe('approval_required');

    const second = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const api2 = shop(t.app, (await loginAs(t.app, { email: second.email, password: testPassword })).token);
    const refused = await api2.post('/wallets', { type: 'custody' }, { 'accept-language': 'en' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      code: 'partner_unavailable',
      title: 'Our partner cannot be reached right now. Please try again later.',
    });
    expect(await t.app.db.select().from(wallets).where(eq(wallets.customerId, second.id))).toHaveLength(0);

    // Tangany has no registrar webhook: the sandbox endpoint takes nothing from anyone.
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/wallets/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/sandbox/custody' })).statusCode).not.toBe(200);
  });
});
