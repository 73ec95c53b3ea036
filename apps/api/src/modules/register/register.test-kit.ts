import { eq, sql } from 'drizzle-orm';
import { createTotpSecretBox } from '../../crypto/secrets.ts';
import type { Database } from '../../db/client.ts';
import { attributes, customers, productAttributeValues, wallets } from '../../db/schema/index.ts';
import {
  type CustomerRow,
  type ProductSeed,
  type SeededProduct,
  seedBond,
  seedBuyer,
  seedOrder,
} from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { newTotpSecret, totpCode } from '../accounts/totp.ts';
import type { CodeJudge } from '../accounts/two-factor.service.ts';
import { type AppendRegisterEntry, appendRegisterEntry } from './journal.service.ts';

/*
 * The one test kit of the register's tests (the investor's depot and transfers, the operator's
 * minting, register and whitelist): investors, bonds, paid orders and confirmed entries are built
 * here on the seed factories. Confirmed entries are written with `appendRegisterEntry` directly (the
 * registrar's confirmation path has its own tests in registrar-events.test.ts).
 */

/** One TOTP time step (RFC 6238, 30 s). */
const totpStep = 30_000;

/**
 * A logged-in approved investor with a custodial wallet. Two-factor is switched on after the login
 * (unless `twoFactor: false`), so no time step is used up yet: codes of the previous, current and
 * next step each work once, in that order.
 */
export async function registerInvestor(
  t: TestApp,
  opts: { twoFactor?: boolean } & Partial<Parameters<typeof seedBuyer>[1]> = {},
) {
  const { twoFactor, ...overrides } = opts;
  const db = t.app.db;
  const row = await seedBuyer(db, { appSecret: t.config.appSecret, ...overrides });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  const secret = newTotpSecret();
  if (twoFactor !== false) {
    await db
      .update(customers)
      .set({ twoFactorEnabled: true, twoFactorSecret: createTotpSecretBox(t.config.appSecret).seal(secret) })
      .where(eq(customers.id, row.id));
  }
  const [wallet] = await db.select().from(wallets).where(eq(wallets.customerId, row.id));
  if (!wallet) throw new Error(`registerInvestor: customer ${row.id} has no wallet`);
  return {
    row,
    token,
    api: shop(t.app, token),
    walletId: wallet.id,
    address: wallet.address,
    /** The authenticator's code of the step `offsetSteps` away from now. */
    code: (offsetSteps = 0) => totpCode(secret, new Date(Date.now() + offsetSteps * totpStep)),
  };
}

export type RegisterInvestor = Awaited<ReturnType<typeof registerInvestor>>;

/** An attribute's id by code, created once per database as the catalogue seed does. */
async function attributeId(db: Database, code: string, type: 'money' | 'percent' | 'date') {
  const [found] = await db.select().from(attributes).where(eq(attributes.code, code));
  if (found) return found.id;
  const [row] = await db.insert(attributes).values({ code, type }).returning();
  return row!.id;
}

/**
 * A bond of 1,000,000 tokens unless `opts.variant` says otherwise; with `terms`, the attributes the
 * depot shows (nominal per token in cents, coupon rate, maturity date).
 */
export async function registerBond(
  t: TestApp,
  opts: ProductSeed & { terms?: { nominalCents: number; coupon: string; maturity: string } } = {},
): Promise<SeededProduct & { variant: NonNullable<SeededProduct['variant']> }> {
  const { terms, ...seed } = opts;
  const db = t.app.db;
  const { product, variant } = await seedBond(db, {
    ...seed,
    variant: { totalSupply: 1_000_000, ...seed.variant },
  });
  if (!variant) throw new Error('registerBond: a bond needs its variant');
  if (terms) {
    const values = [
      ['nominal_per_token', 'money', String(terms.nominalCents)],
      ['coupon_rate', 'percent', terms.coupon],
      ['maturity_date', 'date', terms.maturity],
    ] as const;
    for (const [code, type, value] of values) {
      await db.insert(productAttributeValues).values({
        productId: product.id,
        attributeId: await attributeId(db, code, type),
        locale: null,
        value,
      });
    }
  }
  return { product, variant };
}

/** Appends a confirmed entry, as the registrar's confirmation handler would. */
export function appendConfirmed(db: Database, input: AppendRegisterEntry) {
  return db.transaction((tx) => appendRegisterEntry(tx, input));
}

/** A confirmed mint of `amount` tokens for an order (cause `order`), with the registrar's hash when given. */
export function mintConfirmed(
  db: Database,
  opts: {
    productId: number;
    customerId: number;
    orderId: number | string;
    amount: number;
    transactionHash?: string;
  },
) {
  return appendConfirmed(db, {
    productId: opts.productId,
    kind: 'mint',
    fromCustomerId: null,
    toCustomerId: opts.customerId,
    amount: opts.amount,
    cause: { type: 'order', orderId: String(opts.orderId) },
    transactionHash: opts.transactionHash ?? null,
  });
}

/** A bond (`registerBond`) of which `holder` has `minted` tokens in the register (a confirmed mint). */
export async function bondHeldBy(
  t: TestApp,
  holder: { id: number },
  minted: number,
  opts: Parameters<typeof registerBond>[1] = {},
) {
  const bond = await registerBond(t, opts);
  if (minted > 0) {
    await mintConfirmed(t.app.db, {
      productId: bond.product.id,
      customerId: holder.id,
      orderId: `seed-${bond.product.id}`,
      amount: minted,
    });
  }
  return { ...bond, productId: bond.product.id, code: bond.product.code };
}

/**
 * A completed, paid order of `quantity` tokens of `variant`: by `buyer`, else by a fresh approved
 * buyer (with a custody wallet unless `wallet: false`).
 */
export async function paidOrder(
  t: TestApp,
  opts: { variant: SeededProduct['variant']; quantity: number; buyer?: CustomerRow; wallet?: boolean },
) {
  const buyer = opts.buyer ?? (await seedBuyer(t.app.db, { appSecret: t.config.appSecret }));
  if (opts.wallet === false) {
    await t.app.db.execute(sql`delete from wallets where customer_id = ${buyer.id}`);
  }
  const { order } = await seedOrder(t.app.db, {
    customerId: buyer.id,
    variant: opts.variant!,
    quantity: opts.quantity,
    state: 'completed',
    paymentState: 'paid',
  });
  return { buyer, order };
}

/** Queued `registrar.submit` jobs (what the registrar will be sent) for these instruction ids. */
export async function submitJobsOf(db: Database, instructionIds: number[]): Promise<number> {
  if (instructionIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job
    where name = 'registrar.submit' and (data->>'instructionId')::int in (${sql.join(
      instructionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A code judge that accepts any code and records nothing, for tests that send many transfers of one
 * holder at once (50 valid codes of one moment do not exist); the route judges with `codeJudge`.
 */
export const anyCode: CodeJudge = async () => ({ type: 'trusted' });
