import { professionalInvestorRole } from '@token/domain/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTotpSecretBox } from '../../crypto/secrets.ts';
import type { Database } from '../../db/client.ts';
import { bondWhitelist, customers, tokenTransfers, wallets } from '../../db/schema/index.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { newTotpSecret, totpCode } from '../accounts/totp.ts';
import { appendRegisterEntry } from './journal.service.ts';

// The transfer rules as the service feeds them (issue 16): what the API itself decides about the
// receiver and the bond (found by wallet address, professional, still approved and with a wallet
// while on a whitelist, the sender's seat freed) - the cases that a broken service would pass in
// transfers.test.ts. The rule itself is tested in packages/domain/src/register/transfer-rules.test.ts.

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  db = t.app.db;
});
afterAll(() => t.close());

const step = 30_000;

/** A logged-in approved investor with a custodial wallet and two-factor on (no code used yet). */
async function investor(overrides: Partial<Parameters<typeof seedBuyer>[1]> = {}) {
  const row = await seedBuyer(db, { appSecret: t.config.appSecret, ...overrides });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  const secret = newTotpSecret();
  await db
    .update(customers)
    .set({ twoFactorEnabled: true, twoFactorSecret: createTotpSecretBox(t.config.appSecret).seal(secret) })
    .where(eq(customers.id, row.id));
  const [wallet] = await db.select().from(wallets).where(eq(wallets.customerId, row.id));
  return {
    row,
    api: shop(t.app, token),
    walletId: wallet!.id,
    address: wallet!.address,
    code: (offsetSteps = 0) => totpCode(secret, new Date(Date.now() + offsetSteps * step)),
  };
}
type Investor = Awaited<ReturnType<typeof investor>>;

/** A bond with `minted` tokens of each holder in the register (confirmed mints). */
async function bondHeldBy(holders: [Investor, number][], opts: Parameters<typeof seedBond>[1] = {}) {
  const { product } = await seedBond(db, { variant: { totalSupply: 1_000_000 }, ...opts });
  for (const [holder, minted] of holders) {
    await db.transaction((tx) =>
      appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: holder.row.id,
        amount: minted,
        cause: { type: 'order', orderId: `seed-${product.id}-${holder.row.id}` },
      }),
    );
  }
  return { productId: product.id, code: product.code };
}

const transfer = async (sender: Investor, code: string, amount: number, beneficiary: string, offset = 0) =>
  sender.api.post('/token/transfer', {
    fromWalletId: sender.walletId,
    product: code,
    amount,
    beneficiary,
    code: await sender.code(offset),
  });

describe('POST token/transfer: what the service decides for the rule', () => {
  it('lets a professional investor receive a professional-only bond, and refuses a retail one', async () => {
    const sender = await investor({ roles: [professionalInvestorRole] });
    const professional = await investor({ roles: [professionalInvestorRole] });
    const retail = await investor();
    const bond = await bondHeldBy([[sender, 5]], { professionalOnly: true });
    const refused = await transfer(sender, bond.code, 1, retail.row.email, -1);
    expect([refused.status, refused.body.code]).toEqual([422, 'professional_only_bond']);
    const accepted = await transfer(sender, bond.code, 1, professional.row.email, 0);
    expect(accepted.status).toBe(202);
  });

  it('finds the beneficiary by their custodial wallet address, whatever its case', async () => {
    const sender = await investor();
    const receiver = await investor();
    const bond = await bondHeldBy([[sender, 5]]);
    const res = await transfer(sender, bond.code, 2, receiver.address.toLowerCase());
    expect(res.status).toBe(202);
    const [row] = await db.select().from(tokenTransfers).where(eq(tokenTransfers.productId, bond.productId));
    expect(row).toMatchObject({ senderId: sender.row.id, receiverId: receiver.row.id, amount: 2 });
  });

  it('on a whitelisting bond refuses a listed investor who is no longer approved or has no wallet', async () => {
    const sender = await investor();
    const suspended = await investor();
    const walletless = await investor();
    const bond = await bondHeldBy([[sender, 5]], { whitelisting: true });
    await db.insert(bondWhitelist).values(
      [suspended, walletless].map((r) => ({
        productId: bond.productId,
        customerId: r.row.id,
        source: 'operator' as const,
      })),
    );
    await db.update(customers).set({ kycPassed: false }).where(eq(customers.id, suspended.row.id));
    await db.delete(wallets).where(eq(wallets.customerId, walletless.row.id));
    for (const who of [suspended, walletless]) {
      const res = await transfer(sender, bond.code, 1, who.row.email);
      expect([res.status, res.body.code]).toEqual([422, 'beneficiary_not_whitelisted']);
    }
    expect(
      await db.select().from(tokenTransfers).where(eq(tokenTransfers.productId, bond.productId)),
    ).toEqual([]);
  });

  it('at the investor limit, a sender giving away all their tokens frees their seat for a new holder', async () => {
    const sender = await investor();
    const other = await investor();
    const newcomer = await investor();
    // limit 2, both seats taken
    const bond = await bondHeldBy(
      [
        [sender, 10],
        [other, 4],
      ],
      { investorLimit: 2 },
    );
    const part = await transfer(sender, bond.code, 9, newcomer.row.email, -1);
    expect([part.status, part.body.code]).toEqual([422, 'transfer_investor_limit_reached']);
    const all = await transfer(sender, bond.code, 10, newcomer.row.email, 0);
    expect(all.status).toBe(202);
  });
});
