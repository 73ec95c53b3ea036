import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sandboxCustodyCustomers,
  sandboxCustodyEntities,
  sandboxCustodyRequests,
  sandboxCustodyWallets,
} from '../../../db/schema/index.ts';
import type { CustodyHolder } from '../port.ts';
import { naturalPersonBody } from '../tangany-entities.ts';
import { type CustodyTestApp, createCustodyTestApp } from './sandbox-custody.test-kit.ts';

const holderOf = (reference: string): CustodyHolder => ({
  reference,
  person: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    birthDate: '1984-08-12',
    birthPlace: null,
    birthCountry: null,
    nationality: 'DE',
    email: null,
    address: { country: 'DE', city: 'Köln', postcode: '50667', streetName: 'Heidestraße 17' },
    kyc: { id: 'sandbox-kyc-1', date: '2025-03-01T10:00:00.000Z', method: 'video_ident', document: null },
  },
});

/** A customer body owned by and authorising one entity (Tangany's Create customer). */
const customerBody = (id: string, owner = id, authorized = [owner]) => ({
  id,
  contracts: [{ type: 'standard', signedDate: '2025-03-02', cancelledDate: null }],
  owner: { entityId: owner },
  authorized: authorized.map((entityId) => ({ entityId })),
});

describe('sandbox custodian as Tangany 2.0 (decision 030)', () => {
  let t: CustodyTestApp;
  beforeAll(async () => {
    t = await createCustodyTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const walletsNamed = (name: string) =>
    t.app.db.select().from(sandboxCustodyWallets).where(eq(sandboxCustodyWallets.name, name));

  it('refuses a wallet for a customer it does not know (a customer comes first)', async () => {
    const answer = await t.custody.sandbox.api.createWallet(t.app.db, {
      requestId: 'req-unknown-customer',
      body: { wallet: 'nobody-w1', securityLevel: 1, customerId: 'nobody' },
      reference: 'nobody',
    });
    expect(answer).toMatchObject({ status: 422, body: { errorCode: 'customer_not_found' } });
    expect(await walletsNamed('nobody-w1')).toHaveLength(0);
  });

  it('answers the same request id with the first answer, and another body under it with 409', async () => {
    const { api } = t.custody.sandbox;
    const person = naturalPersonBody('cust-1', holderOf('cust-1').person);
    expect(
      (await api.createEntity(t.app.db, { kind: 'natural_person', reference: 'cust-1', body: person }))
        .status,
    ).toBe(201);
    expect(
      (await api.createCustomer(t.app.db, { reference: 'cust-1', body: customerBody('cust-1') })).status,
    ).toBe(201);
    expect(
      (await api.createCustomer(t.app.db, { reference: 'cust-1', body: customerBody('cust-1') })).status,
    ).toBe(409);
    const body = { wallet: 'cust-1-w1', securityLevel: 1 as const, customerId: 'cust-1' };
    const first = await api.createWallet(t.app.db, { requestId: 'req-1', body, reference: 'cust-1' });
    expect(first).toMatchObject({
      status: 201,
      body: { wallet: 'cust-1-w1', customerId: 'cust-1', securityLevel: 1 },
    });
    const again = await api.createWallet(t.app.db, {
      requestId: 'req-1',
      body: { ...body },
      reference: 'cust-1',
    });
    expect(again).toEqual(first);
    const other = await api.createWallet(t.app.db, {
      requestId: 'req-1',
      body: { ...body, wallet: 'cust-1-w2' },
      reference: 'cust-1',
    });
    expect(other).toMatchObject({ status: 409, body: { statusCode: 409, errorCode: 'request_id_conflict' } });
    // Another request id for an existing name: 409 too, and still one wallet.
    expect((await api.createWallet(t.app.db, { requestId: 'req-2', body, reference: 'cust-1' })).status).toBe(
      409,
    );
    expect(await walletsNamed('cust-1-w1')).toHaveLength(1);
    expect(await walletsNamed('cust-1-w2')).toHaveLength(0);
    const [kept] = await t.app.db
      .select()
      .from(sandboxCustodyRequests)
      .where(eq(sandboxCustodyRequests.requestId, 'req-1'));
    expect(kept).toMatchObject({ endpoint: 'POST /wallets', statusCode: 201 });
  });

  it('answers a wallet by name and its address per network (the same EVM address), or 404 and 400', async () => {
    const { api } = t.custody.sandbox;
    const wallet = await api.getWallet(t.app.db, 'cust-1-w1');
    expect(wallet).toMatchObject({ status: 200, body: { wallet: 'cust-1-w1', customerId: 'cust-1' } });
    const mainnet = await api.getEthWallet(t.app.db, 'cust-1-w1', 'mainnet');
    const sepolia = await api.getEthWallet(t.app.db, 'cust-1-w1', 'sepolia');
    expect(mainnet.status).toBe(200);
    expect(sepolia).toMatchObject({ status: 200, body: { address: mainnet.body.address, currency: 'tETH' } });
    expect((await api.getEthWallet(t.app.db, 'cust-1-w1', 'ropsten')).status).toBe(400);
    expect((await api.getWallet(t.app.db, 'nope')).status).toBe(404);
    expect((await api.getEthWallet(t.app.db, 'nope', 'mainnet')).status).toBe(404);
  });

  it('opens a holder’s wallet once: a retry after a lost answer gets the wallet the first call opened', async () => {
    const holder = holderOf('a1b2c3d4-0000-4000-8000-000000000001');
    // The first call reached the custodian (customer and wallet made) and its answer was lost.
    const { api } = t.custody.sandbox;
    await api.createEntity(t.app.db, {
      kind: 'natural_person',
      reference: holder.reference,
      body: naturalPersonBody(holder.reference, holder.person),
    });
    await api.createCustomer(t.app.db, { reference: holder.reference, body: customerBody(holder.reference) });
    const lost = await api.createWallet(t.app.db, {
      requestId: `wallet-${holder.reference}-1`,
      body: { wallet: `${holder.reference}-w1`, securityLevel: 1, customerId: holder.reference },
      reference: holder.reference,
    });
    expect(lost.status).toBe(201);
    const retried = await t.custody.createWallet({ db: t.app.db, holder });
    const again = await t.custody.createWallet({ db: t.app.db, holder });
    expect(again).toEqual(retried);
    const rows = await t.app.db
      .select()
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.reference, holder.reference));
    expect(rows).toHaveLength(1);
    expect(retried).toEqual({ walletId: rows[0]!.id, address: rows[0]!.address });
    // Attempt 2 (after a closed wallet) is a new wallet of the same customer.
    const second = await t.custody.createWallet({ db: t.app.db, holder, attempt: 2 });
    expect(second.walletId).not.toBe(retried.walletId);
    const [row2] = await t.app.db
      .select()
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.id, second.walletId));
    expect(row2).toMatchObject({ name: `${holder.reference}-w2`, customerId: holder.reference });
  });

  it('refuses entities and customers as Tangany does: required fields, unknown entities, insufficient data', async () => {
    const { api } = t.custody.sandbox;
    const db = t.app.db;
    const legalAddress = { country: 'DE', city: 'Köln', postcode: '50670', streetName: 'Domstraße 1' };
    // A legal person needs its name, legal form and legal address (validation, 400); nothing is kept.
    for (const body of [
      { id: 'lp-1', legalForm: 'GmbH', legalAddress },
      { id: 'lp-1', name: 'Muster GmbH', legalAddress },
      { id: 'lp-1', name: 'Muster GmbH', legalForm: 'GmbH' },
      { id: 'lp-1', name: 'Muster GmbH', legalForm: 'GmbH', legalAddress: { ...legalAddress, city: '' } },
    ]) {
      expect((await api.createEntity(db, { kind: 'legal_person', reference: 'lp-1', body })).status).toBe(
        400,
      );
    }
    // A related entity must exist (422 entity_not_found).
    const legal = { id: 'lp-1', name: 'Muster GmbH', legalForm: 'GmbH', legalAddress };
    expect(
      await api.createEntity(db, {
        kind: 'legal_person',
        reference: 'lp-1',
        body: { ...legal, related: [{ entityId: 'lp-1-p-user', isUltimateBeneficialOwner: false }] },
      }),
    ).toMatchObject({ status: 422, body: { errorCode: 'entity_not_found' } });
    expect(
      await db.select().from(sandboxCustodyEntities).where(eq(sandboxCustodyEntities.id, 'lp-1')),
    ).toHaveLength(0);

    // A natural person without kyc may exist, but cannot be related to a customer as its authorised person.
    const { kyc: _, ...withoutKyc } = holderOf('lp-1').person;
    const user = naturalPersonBody('lp-1-p-user', { ...withoutKyc, kyc: null });
    expect(
      (await api.createEntity(db, { kind: 'natural_person', reference: 'lp-1', body: user })).status,
    ).toBe(201);
    expect(
      (
        await api.createEntity(db, {
          kind: 'legal_person',
          reference: 'lp-1',
          body: {
            ...legal,
            related: [{ entityId: 'lp-1-p-user', isUltimateBeneficialOwner: true, sharePercentage: 100 }],
          },
        })
      ).status,
    ).toBe(201);
    const insufficient = await api.createCustomer(db, {
      reference: 'lp-1',
      body: customerBody('lp-1', 'lp-1', ['lp-1-p-user']),
    });
    expect(insufficient).toEqual({
      status: 422,
      body: {
        statusCode: 422,
        activityId: expect.any(String),
        message:
          'Referenced entity has not been provided with sufficient data to be used in the requested context',
        errorCode: 'entity_data_insufficient',
        details: { entityId: 'lp-1-p-user', missingData: ['kyc'] },
      },
    });
    // The legal person itself as owner needs no more (Tangany: no restrictions for legal entities).
    expect(
      await api.createCustomer(db, { reference: 'lp-1', body: customerBody('lp-1', 'lp-1', ['lp-1']) }),
    ).toMatchObject({ status: 201 });
    // A natural owner lacking nationality and address: both named.
    const bare = naturalPersonBody('np-bare', { ...withoutKyc, nationality: null, address: null, kyc: null });
    await api.createEntity(db, { kind: 'natural_person', reference: 'np-bare', body: bare });
    expect(
      await api.createCustomer(db, { reference: 'np-bare', body: customerBody('np-bare') }),
    ).toMatchObject({
      status: 422,
      body: {
        errorCode: 'entity_data_insufficient',
        details: { missingData: ['nationality', 'address', 'kyc'] },
      },
    });
    // An authorised person under 18 is refused; unknown entities too.
    const minor = naturalPersonBody('np-minor', {
      ...holderOf('np-minor').person,
      birthDate: `${new Date().getUTCFullYear() - 10}-01-01`,
    });
    await api.createEntity(db, { kind: 'natural_person', reference: 'np-minor', body: minor });
    expect(
      await api.createCustomer(db, { reference: 'np-minor', body: customerBody('np-minor') }),
    ).toMatchObject({
      status: 422,
      body: { errorCode: 'entity_must_be_an_adult' },
    });
    expect(await api.createCustomer(db, { reference: 'x', body: customerBody('x', 'nobody') })).toMatchObject(
      {
        status: 422,
        body: { errorCode: 'entity_not_found' },
      },
    );
    const kept = await db.select().from(sandboxCustodyCustomers);
    expect(kept.map((c) => c.id)).not.toContain('np-bare');
  });

  it('opens no wallet for a person who has not identified: refused as Tangany refuses (decision 032)', async () => {
    const holder = holderOf('no-kyc-holder');
    const unidentified: CustodyHolder = { ...holder, person: { ...holder.person, kyc: null } };
    await expect(
      t.custody.createWallet({ db: t.app.db, holder: unidentified, attempt: 1 }),
    ).rejects.toMatchObject({
      code: 'partner_unavailable',
    });
    expect(
      await t.app.db
        .select()
        .from(sandboxCustodyWallets)
        .where(eq(sandboxCustodyWallets.reference, 'no-kyc-holder')),
    ).toHaveLength(0);
    // an identified holder's wallet is opened
    const opened = await t.custody.createWallet({ db: t.app.db, holder: holderOf('kyc-holder'), attempt: 1 });
    expect(opened.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('opens a company account’s wallet for the legal person, related persons first, the user authorised', async () => {
    const reference = 'a1b2c3d4-0000-4000-8000-0000000c0de1';
    const holder: CustodyHolder = {
      ...holderOf(reference),
      company: {
        name: 'Muster Beteiligungen GmbH',
        legalForm: 'GmbH',
        commercialRegister: 'Amtsgericht Köln HRB 12345',
        taxId: null,
        vatId: 'DE811569869',
        legalAddress: { country: 'DE', city: 'Köln', postcode: '50670', streetName: 'Domstraße 1' },
        related: [
          {
            key: 'u1',
            person: { ...holderOf(reference).person, firstName: 'Max', address: null, kyc: null },
            isUltimateBeneficialOwner: true,
            isFictitiousBeneficialOwner: false,
            position: null,
            sharePercentage: 75.5,
          },
        ],
        user: {
          isUltimateBeneficialOwner: false,
          isFictitiousBeneficialOwner: false,
          position: 'managing_director',
          sharePercentage: null,
        },
      },
    };
    const opened = await t.custody.createWallet({ db: t.app.db, holder });
    expect(opened.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const entities = await t.app.db
      .select()
      .from(sandboxCustodyEntities)
      .where(eq(sandboxCustodyEntities.reference, reference));
    expect(Object.fromEntries(entities.map((e) => [e.id, e.kind]))).toEqual({
      [reference]: 'legal_person',
      [`${reference}-p-user`]: 'natural_person',
      [`${reference}-p-u1`]: 'natural_person',
    });
    const [customer] = await t.app.db
      .select()
      .from(sandboxCustodyCustomers)
      .where(eq(sandboxCustodyCustomers.id, reference));
    expect(customer!.person).toMatchObject({
      owner: { entityId: reference },
      authorized: [{ entityId: `${reference}-p-user` }],
    });
  });
});
