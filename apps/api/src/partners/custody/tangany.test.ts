import { readFileSync } from 'node:fs';
import { AppError } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TanganyConfig } from '../../config.ts';
import { customers, wallets } from '../../db/schema/index.ts';
import { seedIdentifiedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import type { CustodyHolder } from './port.ts';
import { createTanganyCustody } from './tangany.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const customer404 = fixture('tangany-customer.404.json');
const wallet404 = fixture('tangany-wallet.404.json');
const created201 = fixture('tangany-create-wallet.201.json');
const ethWallet200 = fixture('tangany-eth-wallet.200.json');
const requestId409 = fixture('tangany-request-id.409.json');
const error401 = fixture('tangany-error.401.json');
/** The address of the recorded wallet, EIP-55 checksummed. */
const recordedAddress = '0x74343BF85fce9Fc6ceA58aB1931462F889A88Cb4';
const reference = 'b8d7c0e2-4f5a-4d1e-9c3b-7a6e5f4d3c2b';

const config: TanganyConfig = {
  clientId: 'client-0f3a',
  clientSecret: 's3cr3t-value-never-logged',
  subscription: 'sub-77aa',
  vaultUrl: 'https://example-vault.vault.azure.net',
  baseUrl: 'https://api.tangany.com/custody',
  customersUrl: 'https://api.tangany.com/customers',
  ethereumNetwork: 'sepolia',
  securityLevel: 2,
};

const holder: CustodyHolder = {
  reference,
  person: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    birthDate: '1984-08-12',
    birthPlace: 'Köln',
    birthCountry: 'DE',
    nationality: 'DE',
    email: 'erika@example.org',
    address: { country: 'DE', city: 'Köln', postcode: '50667', streetName: 'Heidestraße 17' },
    kyc: {
      id: 'TST-KYC-1',
      date: '2025-03-01T10:00:00.000Z',
      method: 'video_ident',
      document: {
        type: 'id_card',
        number: 'T22000129',
        country: 'DE',
        nationality: null,
        issuedBy: 'STADT KOELN',
        issueDate: '2021-06-01',
        validUntil: '2031-05-31',
      },
    },
  },
};

/** A company account: the GmbH, its user (identified) and a beneficial owner who is also its director. */
const companyHolder: CustodyHolder = {
  ...holder,
  reference: 'c0a1b2c3-0000-4000-8000-00000000c0de',
  company: {
    name: 'Muster Beteiligungen GmbH',
    legalForm: 'GmbH',
    commercialRegister: 'Amtsgericht Köln HRB 12345',
    taxId: '217/5734/1234',
    vatId: null,
    legalAddress: { country: 'DE', city: 'Köln', postcode: '50670', streetName: 'Domstraße 1' },
    related: [
      {
        key: 'u7',
        person: {
          ...bareNulls(),
          firstName: 'Max',
          lastName: 'Muster',
          birthDate: '1970-01-02',
          nationality: 'AT',
        },
        isUltimateBeneficialOwner: true,
        isFictitiousBeneficialOwner: false,
        position: 'managing_director',
        sharePercentage: 60,
      },
    ],
    user: {
      isUltimateBeneficialOwner: false,
      isFictitiousBeneficialOwner: false,
      position: 'authorised_representative',
      sharePercentage: null,
    },
  },
};
function bareNulls() {
  return {
    firstName: null,
    lastName: null,
    birthDate: null,
    birthPlace: null,
    birthCountry: null,
    nationality: null,
    email: null,
    address: null,
    kyc: null,
  };
}
const bare = (ref: string): CustodyHolder => ({
  reference: ref,
  person: {
    firstName: null,
    lastName: null,
    birthDate: null,
    birthPlace: null,
    birthCountry: null,
    nationality: null,
    email: null,
    address: null,
    kyc: null,
  },
});

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

/** Answers of a first call for a new customer: customer, entity, customer, no wallet, wallet, address. */
const newCustomerAnswers = () => [
  { status: 404, body: customer404 },
  { status: 201, body: '{}' },
  { status: 201, body: '{}' },
  { status: 404, body: wallet404 },
  { status: 201, body: created201 },
  { status: 200, body: ethWallet200 },
];

/**
 * A small stand-in for Tangany 2.0 as its documentation describes it: customers, wallets by name,
 * `tangany-request-id` honoured once (a second request under the id is 409). `loseAnswerOf` makes the
 * next call to that endpoint reach Tangany and do its work, and the answer never come back (a timeout).
 */
function fakeTangany() {
  const customerIds = new Set<string>();
  const walletsByName = new Map<string, { wallet: string; customerId: string; key: `0x${string}` }>();
  const requestIds = new Set<string>();
  const lose = new Set<string>();
  let walletPosts = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    expect(headers.get('tangany-version')).toBe('2');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/[^/]+$/, ':id')}`;
    let res: Response;
    if (key === 'GET /customers/customers/:id') {
      res = customerIds.has(url.pathname.split('/').pop()!) ? json(200, {}) : json(404, {});
    } else if (key === 'POST /customers/entities/:id') {
      res = json(201, body);
    } else if (key === 'POST /customers/customers/:id' || url.pathname === '/customers/customers') {
      customerIds.add(body.id);
      res = json(201, body);
    } else if (url.pathname === '/custody/wallets' && init?.method === 'POST') {
      walletPosts++;
      const requestId = headers.get('tangany-request-id');
      if (requestId && requestIds.has(requestId)) return json(409, JSON.parse(requestId409));
      if (requestId) requestIds.add(requestId);
      if (!customerIds.has(body.customerId))
        return json(422, { statusCode: 422, message: 'unknown customer' });
      if (walletsByName.has(body.wallet)) return json(409, { statusCode: 409, message: 'wallet exists' });
      walletsByName.set(body.wallet, {
        wallet: body.wallet,
        customerId: body.customerId,
        key: generatePrivateKey(),
      });
      res = json(201, {
        wallet: body.wallet,
        customerId: body.customerId,
        securityLevel: body.securityLevel,
      });
    } else if (key === 'GET /custody/wallets/:id') {
      const w = walletsByName.get(decodeURIComponent(url.pathname.split('/').pop()!));
      res = w
        ? json(200, { wallet: w.wallet, customerId: w.customerId, securityLevel: 2 })
        : json(404, JSON.parse(wallet404));
    } else if (key === 'GET /custody/protocols/eth/wallets/:id') {
      const w = walletsByName.get(decodeURIComponent(url.pathname.split('/').pop()!));
      res = w
        ? json(200, { address: privateKeyToAccount(w.key).address, balance: '0', currency: 'tETH' })
        : json(404, {});
    } else {
      throw new Error(`fake Tangany: no route ${key}`);
    }
    const lost = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (lose.delete(lost)) throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    return res;
  }) as typeof globalThis.fetch;
  return {
    fetch,
    walletsByName,
    walletPosts: () => walletPosts,
    loseAnswerOf: (methodAndPath: string) => void lose.add(methodAndPath),
  };
}

function capturingLogger() {
  const lines: string[] = [];
  const log = (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`);
  return { logger: { info: log, warn: log }, lines };
}

describe('Tangany adapter, API Suite 2.0 (recorded payloads)', () => {
  it('creates the customer first, then the wallet under its name and request id, and reads its address', async () => {
    const { fetch, requests } = replay(newCustomerAnswers());
    const { logger, lines } = capturingLogger();
    const custody = createTanganyCustody({ config, fetch, logger });
    expect(custody.kind).toBe('tangany');
    expect(custody.webhooks).toBeNull();
    const wallet = await custody.createWallet({ db: undefined as never, holder });
    expect(wallet).toEqual({ walletId: `${reference}-w1`, address: recordedAddress });

    const [readCustomer, entity, customer, readWallet, create, address] = requests;
    for (const r of requests) {
      expect(r.headers).toMatchObject({
        'tangany-version': '2',
        'tangany-client-id': 'client-0f3a',
        'tangany-client-secret': 's3cr3t-value-never-logged',
        'tangany-subscription': 'sub-77aa',
        'tangany-vault-url': 'https://example-vault.vault.azure.net',
      });
    }
    expect(readCustomer).toMatchObject({
      method: 'GET',
      url: `https://api.tangany.com/customers/customers/${reference}`,
    });
    expect(entity).toMatchObject({
      method: 'POST',
      url: 'https://api.tangany.com/customers/entities/natural-persons',
      body: {
        id: reference,
        firstName: 'Erika',
        lastName: 'Mustermann',
        birthDate: '1984-08-12',
        nationality: 'DE',
        address: { country: 'DE', city: 'Köln', postcode: '50667', streetName: 'Heidestraße 17' },
        kyc: { id: 'TST-KYC-1', method: 'video_ident' },
      },
    });
    // Tangany's kyc block: the identification with the document the KYC partner read; the document's
    // nationality is the person's when the partner gave none.
    expect((entity!.body as { kyc: unknown }).kyc).toEqual({
      id: 'TST-KYC-1',
      date: '2025-03-01T10:00:00.000Z',
      method: 'video_ident',
      document: {
        type: 'id_card',
        number: 'T22000129',
        country: 'DE',
        nationality: 'DE',
        issuedBy: 'STADT KOELN',
        issueDate: '2021-06-01',
        validUntil: '2031-05-31',
      },
    });
    expect(customer).toMatchObject({
      method: 'POST',
      url: 'https://api.tangany.com/customers/customers',
      body: { id: reference, owner: { entityId: reference }, authorized: [{ entityId: reference }] },
    });
    expect(readWallet).toMatchObject({
      method: 'GET',
      url: `https://api.tangany.com/custody/wallets/${reference}-w1`,
    });
    expect(create).toMatchObject({
      method: 'POST',
      url: 'https://api.tangany.com/custody/wallets',
      headers: { 'tangany-request-id': `wallet-${reference}-1`, 'content-type': 'application/json' },
      body: { wallet: `${reference}-w1`, securityLevel: 2, customerId: reference },
    });
    expect(address).toMatchObject({
      method: 'GET',
      url: `https://api.tangany.com/custody/protocols/eth/wallets/${reference}-w1`,
      headers: { 'tangany-network': 'sepolia', 'tangany-version': '2' },
      body: undefined,
    });
    expect(lines.join('\n')).not.toContain('s3cr3t-value-never-logged');
  });

  it('makes a company account a legal person owning the customer, its user authorised (Customers API)', async () => {
    const ref = companyHolder.reference;
    const { fetch, requests } = replay([
      { status: 404, body: customer404 },
      { status: 201, body: '{}' },
      { status: 201, body: '{}' },
      { status: 201, body: '{}' },
      { status: 201, body: '{}' },
      { status: 404, body: wallet404 },
      { status: 201, body: JSON.stringify({ wallet: `${ref}-w1`, customerId: ref, securityLevel: 2 }) },
      { status: 200, body: ethWallet200 },
    ]);
    await createTanganyCustody({ config, fetch }).createWallet({
      db: undefined as never,
      holder: companyHolder,
    });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      `GET /customers/customers/${ref}`,
      'POST /customers/entities/natural-persons',
      'POST /customers/entities/natural-persons',
      'POST /customers/entities/legal-persons',
      'POST /customers/customers',
      `GET /custody/wallets/${ref}-w1`,
      'POST /custody/wallets',
      `GET /custody/protocols/eth/wallets/${ref}-w1`,
    ]);
    const [, user, owner, legal, customer] = requests;
    // The user who identified: a natural person of their own, with the kyc block.
    expect(user!.body).toMatchObject({
      id: `${ref}-p-user`,
      firstName: 'Erika',
      nationality: 'DE',
      kyc: { id: 'TST-KYC-1', method: 'video_ident', document: { type: 'id_card' } },
    });
    // A beneficial owner: only what the platform knows (no address, no kyc).
    expect(owner!.body).toEqual({
      id: `${ref}-p-u7`,
      firstName: 'Max',
      lastName: 'Muster',
      birthDate: '1970-01-02',
      nationality: 'AT',
    });
    expect(legal!.body).toEqual({
      id: ref,
      name: 'Muster Beteiligungen GmbH',
      legalForm: 'GmbH',
      commercialRegister: 'Amtsgericht Köln HRB 12345',
      taxId: '217/5734/1234',
      legalAddress: { country: 'DE', city: 'Köln', postcode: '50670', streetName: 'Domstraße 1' },
      related: [
        {
          entityId: `${ref}-p-user`,
          isUltimateBeneficialOwner: false,
          isFictitiousBeneficialOwner: false,
          position: 'authorised_representative',
        },
        {
          entityId: `${ref}-p-u7`,
          isUltimateBeneficialOwner: true,
          isFictitiousBeneficialOwner: false,
          position: 'managing_director',
          sharePercentage: 60,
        },
      ],
    });
    expect(customer!.body).toMatchObject({
      id: ref,
      contracts: [{ type: 'standard' }],
      owner: { entityId: ref },
      authorized: [{ entityId: `${ref}-p-user` }],
    });
  });

  it('leaves out unknown personal data and the vault header; an existing customer is not created again', async () => {
    const { fetch, requests } = replay([
      { status: 200, body: JSON.stringify({ id: 'r-1' }) },
      { status: 404, body: wallet404 },
      { status: 201, body: JSON.stringify({ wallet: 'r-1-w2', customerId: 'r-1', securityLevel: 2 }) },
      { status: 200, body: ethWallet200 },
    ]);
    await createTanganyCustody({ config: { ...config, vaultUrl: undefined }, fetch }).createWallet({
      db: undefined as never,
      holder: bare('r-1'),
      attempt: 2,
    });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /customers/customers/r-1',
      'GET /custody/wallets/r-1-w2',
      'POST /custody/wallets',
      'GET /custody/protocols/eth/wallets/r-1-w2',
    ]);
    expect(requests[2]!.headers['tangany-request-id']).toBe('wallet-r-1-2');
    expect(requests[0]!.headers).not.toHaveProperty('tangany-vault-url');
  });

  it('takes the wallet Tangany already has under the name, without creating one', async () => {
    const { fetch, requests } = replay([
      { status: 200, body: '{}' },
      { status: 200, body: created201 },
      { status: 200, body: ethWallet200 },
    ]);
    const wallet = await createTanganyCustody({ config, fetch }).createWallet({
      db: undefined as never,
      holder,
    });
    expect(wallet).toEqual({ walletId: `${reference}-w1`, address: recordedAddress });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('reads the wallet by its name when Tangany refuses the request id as already received (409)', async () => {
    const { fetch, requests } = replay([
      { status: 200, body: '{}' },
      { status: 404, body: wallet404 },
      { status: 409, body: requestId409 },
      { status: 200, body: created201 },
      { status: 200, body: ethWallet200 },
    ]);
    const wallet = await createTanganyCustody({ config, fetch }).createWallet({
      db: undefined as never,
      holder,
    });
    expect(wallet.walletId).toBe(`${reference}-w1`);
    expect(requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST', 'GET', 'GET']);
  });

  it.each([
    ['refused credentials (401)', [{ status: 401, body: error401 }], 1],
    [
      'an unknown wallet when reading the address (404)',
      [...newCustomerAnswers().slice(0, 5), { status: 404, body: wallet404 }],
      6,
    ],
    [
      'an answer that is not JSON',
      [
        { status: 200, body: '{}' },
        { status: 200, body: '<html>gateway</html>' },
      ],
      2,
    ],
    [
      'a customer Tangany refuses (422 entity_data_insufficient)',
      [
        { status: 404, body: customer404 },
        { status: 201, body: '{}' },
        { status: 422, body: JSON.stringify({ statusCode: 422, errorCode: 'entity_data_insufficient' }) },
      ],
      3,
    ],
    [
      'an address that is not an Ethereum address',
      [
        ...newCustomerAnswers().slice(0, 5),
        { status: 200, body: JSON.stringify({ address: '0x1234', balance: '0', currency: 'ETH' }) },
      ],
      6,
    ],
    [
      'an address that does not belong to the wallet’s public key',
      [
        ...newCustomerAnswers().slice(0, 5),
        {
          status: 200,
          body: JSON.stringify({
            address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            balance: '0',
            currency: 'ETH',
          }),
        },
      ],
      6,
    ],
    [
      'a wallet under our name that belongs to another customer',
      [
        { status: 200, body: '{}' },
        { status: 200, body: JSON.stringify({ wallet: `${reference}-w1`, customerId: 'someone-else' }) },
      ],
      2,
    ],
  ])('answers %s as partner_unavailable (503) and logs no secret', async (_, answers, calls) => {
    const { fetch, requests } = replay([...answers]);
    const { logger, lines } = capturingLogger();
    const attempt = createTanganyCustody({ config, fetch, logger }).createWallet({
      db: undefined as never,
      holder,
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
      createTanganyCustody({ config, fetch, logger }).createWallet({ db: undefined as never, holder }),
    ).rejects.toMatchObject({ code: 'partner_unavailable' });
    expect(lines.join('\n')).toContain('03a471c7-62d9-4d6c-9bdd-888f6f2e2236');
  });

  it('answers a network failure or timeout as partner_unavailable', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(
      createTanganyCustody({ config, fetch: failing }).createWallet({ db: undefined as never, holder }),
    ).rejects.toMatchObject({ code: 'partner_unavailable' });
  });
});

describe('Tangany adapter: a retry after a timeout opens no second wallet', () => {
  it('the create reached Tangany but its answer was lost: the retry finds that wallet', async () => {
    const tangany = fakeTangany();
    const custody = createTanganyCustody({ config, fetch: tangany.fetch });
    tangany.loseAnswerOf('POST /custody/wallets');
    await expect(custody.createWallet({ db: undefined as never, holder })).rejects.toMatchObject({
      code: 'partner_unavailable',
    });
    expect(tangany.walletsByName.size).toBe(1);

    const retried = await custody.createWallet({ db: undefined as never, holder });
    expect(tangany.walletsByName.size).toBe(1);
    expect(retried.walletId).toBe([...tangany.walletsByName.keys()][0]);
    expect(tangany.walletPosts()).toBe(1);
  });

  it('the address read timed out: the retry answers the same wallet and address', async () => {
    const tangany = fakeTangany();
    const custody = createTanganyCustody({ config, fetch: tangany.fetch });
    tangany.loseAnswerOf(`GET /custody/protocols/eth/wallets/${reference}-w1`);
    await expect(custody.createWallet({ db: undefined as never, holder })).rejects.toMatchObject({
      code: 'partner_unavailable',
    });
    const first = await custody.createWallet({ db: undefined as never, holder });
    const again = await custody.createWallet({ db: undefined as never, holder });
    expect(again).toEqual(first);
    expect(tangany.walletsByName.size).toBe(1);
  });

  it('each holder gets their own customer and wallet', async () => {
    const tangany = fakeTangany();
    const custody = createTanganyCustody({ config, fetch: tangany.fetch });
    const a = await custody.createWallet({ db: undefined as never, holder: bare('holder-a') });
    const b = await custody.createWallet({ db: undefined as never, holder: bare('holder-b') });
    expect(a.walletId).not.toBe(b.walletId);
    expect(a.address).not.toBe(b.address);
    expect(tangany.walletsByName.size).toBe(2);
  });
});

describe('POST wallets with the Tangany adapter', () => {
  let t: TestApp;
  let tangany: ReturnType<typeof fakeTangany>;
  beforeAll(async () => {
    tangany = fakeTangany();
    t = await createTestApp({
      seed: 'reference',
      partners: { custody: createTanganyCustody({ config, fetch: tangany.fetch }) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a timeout answers 503 and stores nothing; the retry stores the wallet Tangany opened the first time', async () => {
    const investor = await seedIdentifiedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const api = shop(t.app, (await loginAs(t.app, { email: investor.email, password: testPassword })).token);
    tangany.loseAnswerOf('POST /custody/wallets');
    const lost = await api.post('/wallets', { type: 'custody' }, { 'accept-language': 'en' });
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({
      code: 'partner_unavailable',
      title: 'Our partner cannot be reached right now. Please try again later.',
    });
    expect(await t.app.db.select().from(wallets).where(eq(wallets.customerId, investor.id))).toHaveLength(0);

    const res = await api.post('/wallets', { type: 'custody', defaultWallet: true, name: 'Depot' });
    expect(res.status).toBe(201);
    expect(tangany.walletsByName.size).toBe(1);
    const [opened] = [...tangany.walletsByName.values()];
    expect(res.body).toMatchObject({
      type: 'custody',
      address: privateKeyToAccount(opened!.key).address,
      defaultWallet: true,
    });
    const [stored] = await t.app.db.select().from(wallets).where(eq(wallets.customerId, investor.id));
    expect(stored).toMatchObject({ provider: 'tangany', externalId: opened!.wallet });
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, investor.id));
    expect(opened!.customerId).toBe(customer!.uuid);
    expect(customer!.cryptoRegistrarStatus).toBe('approval_required');

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
