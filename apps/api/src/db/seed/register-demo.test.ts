import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode, loginAs, shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { productVariants, registrarInstructions } from '../schema/index.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from './content/investors.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';
import { registerDemoOrders } from './register-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
});
afterAll(async () => {
  await t.close();
});

type Asset = { product: { code: string }; amount: number; minted: number; notMinted: number };

/** Logs in (a two-factor code works once: log in once per person) and reads the depot by bond code. */
async function depotReader(email: string, secret?: string) {
  const code = secret ? await currentCode(secret) : undefined;
  const { token } = await loginAs(t.app, { email, password: DEMO_PASSWORD }, code);
  return async () => {
    const res = await shop(t.app, token).get('/token-assets');
    expect(res.status).toBe(200);
    return new Map((res.body as unknown as Asset[]).map((a) => [a.product.code, a]));
  };
}

async function stockOf(code: string) {
  const [v] = await t.app.db
    .select({ onHand: productVariants.onHand, onHold: productVariants.onHold })
    .from(productVariants)
    .where(eq(productVariants.code, code));
  return v!;
}

describe("Jonas Wagner's demo register (docs/demo-data.md)", () => {
  it('has his paid orders in the depot, the mint queued for the registrar; the job runner gets it minted', async () => {
    const mintedCodes = registerDemoOrders.filter((o) => o.mint).map((o) => o.variantCode);
    // As seeded: paid, nothing minted yet, one mint instruction waiting for the job runner.
    const depot = await depotReader(onboardingDemoPeople.approved, DEMO_TOTP_SECRET);
    const seeded = await depot();
    for (const o of registerDemoOrders) {
      expect(seeded.get(o.variantCode)).toMatchObject({
        amount: o.quantity,
        minted: 0,
        notMinted: o.quantity,
      });
    }
    const queued = await t.app.db.select().from(registrarInstructions);
    expect(
      queued.map((i) => [i.kind, i.amount, i.status, i.idempotencyKey.startsWith('mint-order-')]),
    ).toEqual(
      mintedCodes.map((c) => [
        'mint',
        registerDemoOrders.find((o) => o.variantCode === c)!.quantity,
        'submitted',
        true,
      ]),
    );
    const before = await Promise.all(registerDemoOrders.map((o) => stockOf(o.variantCode)));

    // The runner submits it, the sandbox registrar confirms it (its delay passed), the entry is booked.
    await t.jobs.drain({ includeDelayed: true });

    const after = await depot();
    for (const [i, o] of registerDemoOrders.entries()) {
      const minted = o.mint ? o.quantity : 0;
      expect(after.get(o.variantCode)).toMatchObject({
        amount: o.quantity,
        minted,
        notMinted: o.quantity - minted,
      });
      // the minted tokens left the stock on hand and on hold together (decision 011)
      expect(await stockOf(o.variantCode)).toEqual({
        onHand: before[i]!.onHand - minted,
        onHold: before[i]!.onHold - minted,
      });
    }
    const [instruction] = await t.app.db.select().from(registrarInstructions);
    expect(instruction!.status).toBe('confirmed');
  });

  it('Clara Neumann, the receiver, is approved with a custody wallet and holds nothing yet', async () => {
    const depot = await depotReader(onboardingDemoPeople.receiver);
    expect((await depot()).size).toBe(0);
  });
});
