import { AppError } from '@token/domain/errors';
import { isChecksumAddress } from '@token/domain/wallets';
import { count, eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  customers,
  sandboxCustodyCustomers,
  sandboxCustodyEntities,
  sandboxCustodyWallets,
  uboUsers,
  wallets,
} from '../../db/schema/index.ts';
import { seedIdentification, seedIdentifiedInvestor, seedInvestor } from '../../db/seed/factories.ts';
import type { CustodyPort } from '../../partners/custody/port.ts';
import {
  type CustodyTestApp,
  createCustodyTestApp,
} from '../../partners/custody/sandbox/sandbox-custody.test-kit.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createCustodyWallet } from './wallets.service.ts';

let t: CustodyTestApp;
beforeAll(async () => {
  t = await createCustodyTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh investor who is logged in: their row and an API client with their token. */
async function investor(overrides: Partial<Parameters<typeof seedIdentifiedInvestor>[1]> = {}) {
  const row = await seedIdentifiedInvestor(t.app.db, { appSecret: t.config.appSecret, ...overrides });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { row, api: shop(t.app, token), token };
}

async function sandboxWalletCount() {
  const [row] = await t.app.db.select({ n: count() }).from(sandboxCustodyWallets);
  return row?.n ?? 0;
}

async function walletsOf(customerId: number) {
  return t.app.db.select().from(wallets).where(eq(wallets.customerId, customerId));
}

describe('POST wallets (custody wallet)', () => {
  it('opens a custody wallet: 201 with an EIP-55 address whose sealed private key derives it', async () => {
    const { row, api } = await investor();
    const res = await api.post('/wallets', { type: 'custody', defaultWallet: true, name: 'Mein Depot' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      type: 'custody',
      name: 'Mein Depot',
      address: expect.any(String),
      defaultWallet: true,
      createdAt: expect.any(String),
    });
    const address = res.body.address as string;
    expect(isChecksumAddress(address)).toBe(true);

    // The custodian keeps the key sealed; opened with the custodian's key it derives the address.
    const [stored] = await walletsOf(row.id);
    expect(stored).toMatchObject({ address, type: 'custody', provider: 'sandbox', defaultWallet: true });
    const [sealed] = await t.app.db
      .select()
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.id, stored!.externalId!));
    expect(sealed).toMatchObject({ address, reference: row.uuid, registrarStatus: 'approval_required' });
    expect(sealed!.encryptedPrivateKey).toMatch(/^v1\./);
    const privateKey = t.keyBox.open(sealed!.encryptedPrivateKey) as `0x${string}`;
    expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sealed!.encryptedPrivateKey).not.toContain(privateKey.slice(2));
    expect(privateKeyToAccount(privateKey).address).toBe(address);

    // spec 4: the registrar status starts at approval_required.
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, row.id));
    expect(customer!.cryptoRegistrarStatus).toBe('approval_required');
  });

  it('answers JSON-LD with the IRI and a Location header, and names the wallet in the reader’s language', async () => {
    const { token } = await investor();
    const ld = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/wallets?locale=en',
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
      payload: { type: 'custody' },
    });
    expect(ld.statusCode).toBe(201);
    const body = ld.json();
    expect(body['@id']).toBe(`/api/v2/shop/wallets/${body.id}`);
    expect(body['@type']).toBe('Wallet');
    expect(ld.headers.location).toBe(body['@id']);
    expect(body).toMatchObject({ name: 'Custody wallet', defaultWallet: true });
  });

  it('opens one custody wallet per customer: a second one is 409 wallet_exists and the custodian is not asked', async () => {
    const { row, api } = await investor();
    expect((await api.post('/wallets', { type: 'custody', defaultWallet: true, name: 'A' })).status).toBe(
      201,
    );
    const before = await sandboxWalletCount();
    const again = await api.post(
      '/wallets',
      { type: 'custody', defaultWallet: true, name: 'B' },
      { 'accept-language': 'en' },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'wallet_exists', title: 'You already have a custody wallet.' });
    expect(await sandboxWalletCount()).toBe(before);
    expect(await walletsOf(row.id)).toHaveLength(1);
    const de = await api.post('/wallets', { type: 'custody' });
    expect(de.body.title).toBe('Sie haben bereits ein Verwahrungs-Wallet.');
  });

  it('opens no wallet before the identification passed: 409 identification_required, the custodian not asked (decision 032)', async () => {
    const before = await sandboxWalletCount();
    for (const kyc of [undefined, 'pending', 'rejected'] as const) {
      const row = await seedInvestor(t.app.db, {
        appSecret: t.config.appSecret,
        nationality: 'DE',
        address: { street: 'Heidestraße 17', postcode: '50667', city: 'Köln', countryCode: 'DE' },
        ...(kyc ? { kyc } : {}),
      });
      const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
      const res = await shop(t.app, token).post(
        '/wallets',
        { type: 'custody', defaultWallet: true },
        { 'accept-language': 'en' },
      );
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'identification_required',
        title: 'Please confirm your identity first. We open your custody wallet after that.',
      });
      expect(await walletsOf(row.id)).toHaveLength(0);
      const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, row.id));
      expect(customer!.cryptoRegistrarStatus).toBeNull();
    }
    expect(await sandboxWalletCount()).toBe(before);
  });

  it('stores one wallet when two requests race (the second is 409)', async () => {
    const { row, api } = await investor();
    const results = await Promise.all([
      api.post('/wallets', { type: 'custody', name: 'eins' }),
      api.post('/wallets', { type: 'custody', name: 'zwei' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('wallet_exists');
    expect(await walletsOf(row.id)).toHaveLength(1);
  });

  it.each([
    ['an unknown type', { type: 'metamask', name: 'x' }, 'type', 'invalid_value'],
    ['no type', { name: 'x' }, 'type', 'must_be_selected'],
    ['a blank name', { type: 'custody', name: '  ' }, 'name', 'required'],
    ['a name of 101 characters', { type: 'custody', name: 'x'.repeat(101) }, 'name', 'too_long'],
    [
      'a non-boolean defaultWallet',
      { type: 'custody', defaultWallet: 'yes' },
      'defaultWallet',
      'invalid_type',
    ],
    [
      'an address of its own',
      { type: 'custody', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      'address',
      'unknown_parameter',
    ],
  ])(
    'refuses %s with 422 in the reader’s language and opens nothing',
    async (_, body, propertyPath, code) => {
      const { row, api } = await investor();
      const before = await sandboxWalletCount();
      const res = await api.post('/wallets', body, { 'accept-language': 'en' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'validation_failed', title: 'Please check your input.' });
      expect(res.body.violations).toEqual([expect.objectContaining({ propertyPath, code })]);
      expect(await sandboxWalletCount()).toBe(before);
      expect(await walletsOf(row.id)).toHaveLength(0);
    },
  );

  it('refuses an unknown query parameter and a visitor', async () => {
    const { api } = await investor();
    expect((await api.post('/wallets?foo=1', { type: 'custody' })).status).toBe(400);
    const visitor = await shop(t.app).post('/wallets', { type: 'custody' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('unauthorized');
  });

  it.each([
    ['registrar status rejected (spec 6 banned)', { cryptoRegistrarStatus: 'rejected' }],
    ['customer status banned', { status: 'banned' }],
  ])('refuses a banned customer (%s) with 403 customer_banned', async (_, columns) => {
    const { row, api } = await investor(columns);
    const before = await sandboxWalletCount();
    const res = await api.post(
      '/wallets',
      { type: 'custody', defaultWallet: true, name: 'x' },
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'customer_banned',
      title: 'Your account is blocked. Please contact us.',
    });
    expect(await sandboxWalletCount()).toBe(before);
    expect(await walletsOf(row.id)).toHaveLength(0);
  });

  it('refuses where the registrar status may not start over (409 invalid_transition)', async () => {
    const { row, api } = await investor({ cryptoRegistrarStatus: 'follow_up' });
    const res = await api.post('/wallets', { type: 'custody' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('invalid_transition');
    expect(await walletsOf(row.id)).toHaveLength(0);
  });

  it('keeps defaultWallet false when asked, without touching the registrar flow', async () => {
    const { row, api } = await investor();
    const res = await api.post('/wallets', { type: 'custody', defaultWallet: false, name: 'Nebenwallet' });
    expect(res.status).toBe(201);
    expect(res.body.defaultWallet).toBe(false);
    const [stored] = await walletsOf(row.id);
    expect(stored!.defaultWallet).toBe(false);
  });

  it('stores nothing when the custodian cannot be reached (503 partner_unavailable)', async () => {
    const row = await seedIdentifiedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const failing: CustodyPort = {
      kind: 'sandbox',
      webhooks: null,
      createWallet: async () => {
        throw new AppError('partner_unavailable', { detail: 'down' });
      },
    };
    await expect(
      createCustodyWallet({
        db: t.app.db,
        custody: failing,
        customerId: row.id,
        locale: 'de',
        input: { type: 'custody', defaultWallet: true },
      }),
    ).rejects.toMatchObject({ code: 'partner_unavailable', status: 503 });
    expect(await walletsOf(row.id)).toHaveLength(0);
    const [customer] = await t.app.db.select().from(customers).where(eq(customers.id, row.id));
    expect(customer!.cryptoRegistrarStatus).toBeNull();
  });
});

describe('GET wallets', () => {
  it('lists the customer’s wallets as a Hydra collection (itemsPerPage up to 400) or a plain array', async () => {
    const { api } = await investor();
    const created = await api.post('/wallets', { type: 'custody', name: 'Depot' });
    const ld = await api.get('/wallets?itemsPerPage=400', { accept: 'application/ld+json' });
    expect(ld.status).toBe(200);
    expect(ld.body).toMatchObject({
      '@type': 'hydra:Collection',
      'hydra:totalItems': 1,
      'hydra:member': [
        {
          '@id': `/api/v2/shop/wallets/${created.body.id}`,
          '@type': 'Wallet',
          id: created.body.id,
          type: 'custody',
          name: 'Depot',
          address: created.body.address,
          defaultWallet: true,
        },
      ],
    });
    const plain = await api.get('/wallets?itemsPerPage=400');
    expect(plain.body).toEqual([created.body]);
    const one = await api.get(`/wallets/${created.body.id}`);
    expect(one.body).toEqual(created.body);
  });

  it('refuses more than 400 per page and unknown parameters (400)', async () => {
    const { api } = await investor();
    const big = await api.get('/wallets?itemsPerPage=401');
    expect(big.status).toBe(400);
    expect((big.body.violations as unknown[])[0]).toMatchObject({
      propertyPath: 'itemsPerPage',
      code: 'too_big',
    });
    expect((await api.get('/wallets?customer=1')).status).toBe(400);
    expect((await shop(t.app).get('/wallets')).status).toBe(401);
  });

  it('never shows one customer another customer’s wallets (404 for theirs)', async () => {
    const a = await investor();
    const b = await investor();
    const walletA = await a.api.post('/wallets', { type: 'custody', name: 'A' });
    expect((await b.api.get('/wallets?itemsPerPage=400')).body).toEqual([]);
    const foreign = await b.api.get(`/wallets/${walletA.body.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    const walletB = await b.api.post('/wallets', { type: 'custody', name: 'B' });
    expect(walletB.status).toBe(201);
    expect((await a.api.get('/wallets')).body).toEqual([walletA.body]);
    expect((await b.api.get('/wallets')).body).toEqual([walletB.body]);
    expect((await a.api.get('/wallets/999999')).status).toBe(404);
  });
});

describe('POST wallets for a company account (Tangany legal person, decision 030)', () => {
  it('opens the wallet for the company: a legal person owning the custodian’s customer, its user authorised with kyc', async () => {
    const { row, api } = await investor({
      accountType: 'company',
      companyName: `Muster Beteiligungen ${Date.now()} GmbH`,
      companyType: 'limited_liability_company',
      registryNumber: 'HRB 12345',
      court: 'Amtsgericht Köln',
      taxNumber: '217/5734/1234',
      vatNumber: 'DE811569869',
      foundingDate: '2015-04-01',
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthDate: '1984-08-12',
      nationality: 'DE',
      representativeRole: 'managing_director',
      address: { street: 'Heidestraße 17', postcode: '50667', city: 'Köln', countryCode: 'DE' },
    });
    await t.app.db.insert(addresses).values({
      customerId: row.id,
      kind: 'company',
      firstName: 'Erika',
      lastName: 'Mustermann',
      company: 'Muster Beteiligungen GmbH',
      countryCode: 'DE',
      street: 'Domstraße 1',
      city: 'Köln',
      postcode: '50670',
    });
    await t.app.db.insert(uboUsers).values([
      { customerId: row.id, roles: [70], isUser: true, firstName: 'Erika', lastName: 'Mustermann' },
      {
        customerId: row.id,
        roles: [60],
        firstName: 'Max',
        lastName: 'Muster',
        birthDate: '1970-01-02',
        birthPlace: 'Wien',
        nationality: 'AT',
        street: 'Ring 1',
        postcode: '1010',
        city: 'Wien',
        country: 'AT',
        equityShares: 7550,
        votingShares: 7550,
      },
    ]);
    const ident = await seedIdentification(t.app.db, {
      customerId: row.id,
      state: 'approved',
      partnerResult: 'SUCCESS',
      result: {
        result: 'SUCCESS',
        person: { nationality: 'DE' },
        document: {
          type: 'IDCARD',
          number: 'T22000129',
          country: 'DE',
          issuedBy: 'STADT KOELN',
          issuedAt: '2021-06-01',
          validUntil: '2031-05-31',
        },
      },
    });

    const res = await api.post('/wallets', { type: 'custody', defaultWallet: true });
    expect(res.status).toBe(201);

    const entities = await t.app.db
      .select()
      .from(sandboxCustodyEntities)
      .where(eq(sandboxCustodyEntities.reference, row.uuid));
    const byId = Object.fromEntries(entities.map((e) => [e.id, e]));
    expect(byId[row.uuid]).toMatchObject({
      kind: 'legal_person',
      data: {
        name: row.companyName,
        legalForm: 'GmbH',
        commercialRegister: 'Amtsgericht Köln HRB 12345',
        taxId: '217/5734/1234',
        vatId: 'DE811569869',
        legalAddress: { country: 'DE', city: 'Köln', postcode: '50670', streetName: 'Domstraße 1' },
        related: [
          {
            entityId: `${row.uuid}-p-user`,
            isUltimateBeneficialOwner: false,
            position: 'legal_representative',
          },
          { isUltimateBeneficialOwner: true, sharePercentage: 75.5 },
        ],
      },
    });
    const related = (byId[row.uuid]!.data as { related: { entityId: string }[] }).related;
    expect(byId[related[1]!.entityId]).toMatchObject({
      kind: 'natural_person',
      data: { firstName: 'Max', nationality: 'AT', address: { country: 'AT', city: 'Wien' } },
    });
    expect(byId[`${row.uuid}-p-user`]).toMatchObject({
      kind: 'natural_person',
      data: {
        firstName: 'Erika',
        nationality: 'DE',
        address: { country: 'DE', city: 'Köln', streetName: 'Heidestraße 17' },
        kyc: {
          id: ident.externalId,
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
        },
      },
    });
    const [customer] = await t.app.db
      .select()
      .from(sandboxCustodyCustomers)
      .where(eq(sandboxCustodyCustomers.id, row.uuid));
    expect(customer!.person).toMatchObject({
      owner: { entityId: row.uuid },
      authorized: [{ entityId: `${row.uuid}-p-user` }],
    });
  });
});
