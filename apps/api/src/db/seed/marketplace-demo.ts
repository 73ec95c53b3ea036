import { digitalContentConsentOf } from '@token/domain/orders';
import { eq, inArray } from 'drizzle-orm';
import { addCollectionItem, listProductCollections } from '../../modules/collections/collections.service.ts';
import type { Database, Tx } from '../client.ts';
import { channelPricings, customers, paymentMethods, productVariants } from '../schema/index.ts';
import { seedOrder } from './factories.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';

/** Clara Neumann's favourites, in the order she added them. */
export const demoFavourites = ['NFT_KIEFERNWALD_ABENDLICHT', 'NFT_ELBUFER_SESSIONS', 'NFT_NORDLICHT_STUDIE'];

/** The collectible Jonas Wagner bought: one edition, paid by bank transfer ten days before the seed. */
export const demoCollectiblePurchase = { variantCode: 'NFT_OSTSEE_HORIZONT', quantity: 1 } as const;

/*
 * Marketplace demo (issue 18, docs/demo-data.md "Marketplace"; outside production): Clara Neumann keeps
 * three favourites; Jonas Wagner bought one edition of "Ostsee-Horizont" with the consent to immediate
 * delivery (§ 356 Abs. 5 BGB) and its price containing 19 % VAT, so /my-collection and his invoice show it.
 */
export async function seedMarketplaceDemo(tx: Tx): Promise<void> {
  const db = tx as unknown as Database;
  const people = await tx
    .select()
    .from(customers)
    .where(inArray(customers.email, [onboardingDemoPeople.receiver, onboardingDemoPeople.approved]));
  const clara = people.find((p) => p.email === onboardingDemoPeople.receiver);
  const jonas = people.find((p) => p.email === onboardingDemoPeople.approved);
  if (!clara || !jonas) return;

  const [favourites] = await listProductCollections({
    db,
    customerId: clara.id,
    type: 'favourites',
    locale: 'de',
    page: { page: 1, itemsPerPage: 1 },
  });
  for (const [position, productCode] of demoFavourites.entries()) {
    await addCollectionItem({
      db,
      customerId: clara.id,
      collectionId: favourites!.id,
      productCode,
      position,
      locale: 'de',
    });
  }

  const [variant] = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.code, demoCollectiblePurchase.variantCode));
  if (!variant) throw new Error(`marketplace demo: no variant ${demoCollectiblePurchase.variantCode}`);
  const [price] = await tx.select().from(channelPricings).where(eq(channelPricings.variantId, variant.id));
  const [offline] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, 'offline'));
  const placedAt = new Date(Date.now() - 10 * 86_400_000);
  await seedOrder(tx, {
    customerId: jonas.id,
    variant,
    quantity: demoCollectiblePurchase.quantity,
    unitPrice: price?.price ?? 0,
    state: 'completed',
    paymentState: 'paid',
    paymentMethodId: offline?.id ?? null,
    localeCode: 'de',
    completedAt: placedAt,
    digitalContentConsent: digitalContentConsentOf(placedAt, 'de'),
  });
}
