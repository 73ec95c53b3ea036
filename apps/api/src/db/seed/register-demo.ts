import { eq } from 'drizzle-orm';
import { queueInstruction } from '../../modules/register/instructions.service.ts';
import type { Tx } from '../client.ts';
import { customers, paymentMethods, productVariants } from '../schema/index.ts';
import { seedOrder } from './factories.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';

/** Jonas Wagner's register (issue 16): the bonds, tokens and whether the seed has them minted. */
export const registerDemoOrders = [
  // paid and minted: the mint instruction is queued here, the sandbox registrar confirms it
  { variantCode: 'SOLAR_BRANDENBURG_2031', quantity: 5_000, mint: true },
  // paid, not yet minted: for the operator's minting batch
  { variantCode: 'HOTEL_MUENCHEN_2032', quantity: 2_000, mint: false },
] as const;

/**
 * Jonas Wagner's register (issue 16, outside production): paid orders placed as `completeOrder`
 * places them (stock on hold), and for the minted one the mint instruction the operator's batch would
 * queue (`mint-order-{id}`). The job runner submits it to the registrar once it runs (at start); the
 * sandbox registrar confirms it seconds later and the confirmation books the entry, ships the order
 * and moves the stock, as for any order. The job queues must exist (`JobRunner.init`) before seeding.
 */
export async function seedRegisterDemo(tx: Tx): Promise<void> {
  const [jonas] = await tx.select().from(customers).where(eq(customers.email, onboardingDemoPeople.approved));
  if (!jonas) return;
  // paid by bank transfer
  const [offline] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, 'offline'));
  // a day before the seed, in the order of the list
  const placedAt = Date.now() - 86_400_000;
  for (const [i, o] of registerDemoOrders.entries()) {
    const [variant] = await tx.select().from(productVariants).where(eq(productVariants.code, o.variantCode));
    if (!variant) throw new Error(`register demo: no variant ${o.variantCode}`);
    const { order } = await seedOrder(tx, {
      customerId: jonas.id,
      variant,
      quantity: o.quantity,
      state: 'completed',
      paymentState: 'paid',
      paymentMethodId: offline?.id ?? null,
      localeCode: 'en',
      completedAt: new Date(placedAt + i * 60_000),
      // Above 1,000 € an investor without a professional classification declares free assets (WpPG § 6).
      statements: {
        notUsOrCanadaTaxpayer: true,
        totalLossRisk: true,
        illiquidityRisk: true,
        informationTruthful: true,
        actingOnOwnAccount: true,
        documentsReceived: true,
      },
      declarations: { freeAssetsAtLeast100k: true, averageMonthlyNetIncomeCents: null },
    });
    if (!o.mint) continue;
    await queueInstruction(tx, {
      productId: variant.productId,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: jonas.id,
      amount: o.quantity,
      cause: { type: 'order', orderId: String(order.id) },
      idempotencyKey: `mint-order-${order.id}`,
    });
  }
}
