import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { customerMediaFiles, customers, identifications, mediaFiles, wallets } from '../schema/index.ts';
import {
  seedAnsweredQuestionnaire,
  seedBond,
  seedCreator,
  seedCustomer,
  seedCustomerDocument,
  seedInvestor,
  seedPaymentMethod,
  seedProduct,
} from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({
    url: `/api/v2/shop${url}`,
    headers: { accept: 'application/json', 'accept-language': 'en' },
  });

describe('seed factories', () => {
  it('seedBond gives a listed, buyable bond with a default variant in stock priced on channel token', async () => {
    const { product, variant } = await seedBond(t.app.db);
    const listed = (await get('/products')).json() as { code: string }[];
    expect(listed.map((p) => p.code)).toContain(product.code);
    const view = (await get(`/products/${product.code}`)).json();
    expect(view).toMatchObject({
      name: `Test bond ${product.code}`,
      blockchainName: 'Polygon',
      allowToBuy: true,
      defaultVariant: {
        code: variant!.code,
        availableQuantity: 1_000,
        inStock: true,
        channelPricings: { token: { price: 100 } },
      },
    });
  });

  it('takes overrides: a sold-out bond, a product without variant, a main taxon by code', async () => {
    const { product: soldOut } = await seedBond(t.app.db, { variant: { totalSupply: 50, onHold: 50 } });
    expect((await get(`/products/${soldOut.code}`)).json().defaultVariant.availableQuantity).toBe(0);
    const { product: bare, variant } = await seedProduct(t.app.db, { variant: null });
    expect(variant).toBeNull();
    expect(((await get('/products')).json() as { code: string }[]).map((p) => p.code)).not.toContain(
      bare.code,
    );
    await expect(seedProduct(t.app.db, { taxonCode: 'no_such_taxon' })).rejects.toThrow(/no taxon/);
  });

  it('gives every customer a fresh e-mail, and a creator a profile and an avatar', async () => {
    const [a, b] = [await seedCustomer(t.app.db), await seedCustomer(t.app.db)];
    expect(a.email).not.toBe(b.email);
    const [file] = await t.app.db
      .insert(mediaFiles)
      .values({
        fileName: 'a.png',
        originalName: 'a.png',
        mimeType: 'image/png',
        mediaType: 'image',
        bucket: 'public',
        storageKey: 'public/creators/a.png',
        size: 1,
        sha256: '0'.repeat(64),
      })
      .returning();
    const creator = await seedCreator(t.app.db, { profileName: 'annaberg', avatarMediaFileId: file!.id });
    expect(creator).toMatchObject({ profileName: 'annaberg', email: 'annaberg@creators.example' });
    const links = await t.app.db
      .select()
      .from(customerMediaFiles)
      .where(eq(customerMediaFiles.customerId, creator.id));
    expect(links).toEqual([expect.objectContaining({ mediaFileId: file!.id, type: 'avatar' })]);
  });

  it('seedPaymentMethod gives an enabled method named in both languages', async () => {
    const method = await seedPaymentMethod(t.app.db, { code: 'escrow', position: 5 });
    const listed = (await get('/payment-methods')).json() as { code: string; name: string }[];
    expect(listed.find((m) => m.code === method.code)).toMatchObject({ name: 'Method escrow' });
  });

  it('seedInvestor({ kyc, wallet }) gives an identification (passed: kycPassed) and a default custody wallet', async () => {
    const investor = await seedInvestor(t.app.db, {
      appSecret: t.config.appSecret,
      kyc: 'approved',
      wallet: true,
    });
    expect(investor.kycPassed).toBe(true);
    const [ident] = await t.app.db
      .select()
      .from(identifications)
      .where(eq(identifications.customerId, investor.id));
    expect(ident).toMatchObject({ state: 'approved', provider: 'sandbox' });
    expect(ident?.decidedAt).toBeInstanceOf(Date);
    const [wallet] = await t.app.db.select().from(wallets).where(eq(wallets.customerId, investor.id));
    expect(wallet).toMatchObject({ type: 'custody', defaultWallet: true });
    // EIP-55: the stored address is its own checksummed form
    expect(getAddress(wallet!.address)).toBe(wallet!.address);

    const pending = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, kyc: 'pending' });
    const [row] = await t.app.db
      .select({ kycPassed: customers.kycPassed })
      .from(customers)
      .where(eq(customers.id, pending.id));
    expect(row?.kycPassed).toBe(false);
  });

  it('seedCustomerDocument stores a file row matching its bytes, and the bytes when given a storage', async () => {
    const customer = await seedCustomer(t.app.db);
    const { document, file } = await seedCustomerDocument(t.app.db, {
      customerId: customer.id,
      purpose: 'shareholder_list',
      issuedAt: '2026-05-01',
      storage: t.partners.storage,
    });
    expect(document).toMatchObject({
      purpose: 'shareholder_list',
      type: 'ubo',
      scope: 'company',
      issuedAt: '2026-05-01',
    });
    const stored = await t.partners.storage.get(file.storageKey);
    expect(stored?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.size).toBe(stored?.length);
    expect(file.sha256).toBe(createHash('sha256').update(stored!).digest('hex'));
  });

  it('seedAnsweredQuestionnaire grades a survey by the risk grade threshold unless a result is given', async () => {
    const customer = await seedCustomer(t.app.db);
    const low = await seedAnsweredQuestionnaire(t.app.db, {
      customerId: customer.id,
      type: 'wphg_bonds',
      grade: 7,
    });
    const high = await seedAnsweredQuestionnaire(t.app.db, {
      customerId: customer.id,
      type: 'wphg_crypto',
      grade: 8,
    });
    const risk = await seedAnsweredQuestionnaire(t.app.db, {
      customerId: customer.id,
      type: 'risk',
      grade: 4,
    });
    expect([low.result, high.result, risk.result]).toEqual(['not_appropriate', 'appropriate', 'confirmed']);
  });
});
