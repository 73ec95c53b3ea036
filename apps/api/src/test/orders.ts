import { seedChannel } from '../db/seed/channel.ts';
import { seedBond, seedBuyer, seedInvestor, type VariantSeed } from '../db/seed/factories.ts';
import { isSandboxCard } from '../partners/card/create-card.ts';
import type { SandboxCard } from '../partners/card/sandbox/sandbox-card.ts';
import { loginAs, shop, testPassword } from './accounts.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';

/** The completion statements an investor gives (spec 5: US/Canada, a risk, two truthful statements). */
export const orderStatements = {
  notUsOrCanadaTaxpayer: true,
  totalLossRisk: true,
  illiquidityRisk: false,
  informationTruthful: true,
  actingOnOwnAccount: true,
  documentsReceived: false,
};

/** No WpPG § 6 self-disclosure: the 1,000 EUR limit. */
export const noDeclarations = { freeAssetsAtLeast100k: false, averageMonthlyNetIncomeCents: null };

export type ShopApi = ReturnType<typeof shop>;

/** An investor who is logged in (default: approved with a wallet, so they may buy). */
export async function loggedInInvestor(
  t: TestApp,
  overrides: Partial<Parameters<typeof seedBuyer>[1]> = {},
  mayBuy = true,
) {
  const opts = { appSecret: t.config.appSecret, ...overrides };
  const row = mayBuy ? await seedBuyer(t.app.db, opts) : await seedInvestor(t.app.db, opts);
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { row, token, api: shop(t.app, token) };
}

/** A bond of 1,000,000 tokens unless the variant says otherwise. */
export async function testBond(
  t: TestApp,
  opts: Parameters<typeof seedBond>[1] & { variant?: VariantSeed } = {},
) {
  const { product, variant } = await seedBond(t.app.db, { variant: { totalSupply: 1_000_000 }, ...opts });
  return { product, variant: variant! };
}

/** A test app on the reference data with the shop's channel: what the order and payment tests start from. */
export async function createShopTestApp(): Promise<TestApp> {
  const t = await createTestApp({ seed: 'reference' });
  await t.app.db.transaction((tx) => seedChannel(tx));
  return t;
}

/** The app's card partner, which these tests drive as the sandbox card provider. */
export function sandboxCardOf(t: TestApp): SandboxCard {
  if (!isSandboxCard(t.partners.card)) throw new Error('expected the sandbox card provider');
  return t.partners.card;
}
