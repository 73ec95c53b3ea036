import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCustodyRequests, sandboxCustodyWallets } from '../../../db/schema/index.ts';
import type { CustodyHolder } from '../port.ts';
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
    address: null,
    kyc: null,
  },
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
    expect(
      (
        await api.createCustomer(t.app.db, {
          id: 'cust-1',
          reference: 'cust-1',
          person: holderOf('cust-1').person,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.createCustomer(t.app.db, {
          id: 'cust-1',
          reference: 'cust-1',
          person: holderOf('cust-1').person,
        })
      ).status,
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
    await api.createCustomer(t.app.db, {
      id: holder.reference,
      reference: holder.reference,
      person: holder.person,
    });
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
});
