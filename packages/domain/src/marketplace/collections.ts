import { z } from 'zod';
import { productViewSchema } from '../catalog-views/index.ts';

/** spec 3: a product collection is of type favourites or my-items. */
export const productCollectionTypes = ['favourites', 'my-items'] as const;
export type ProductCollectionType = (typeof productCollectionTypes)[number];

/** spec 9: VAT 19 %; a product whose tax category has this rate is a collectible (bonds have 0). */
export const collectibleVatBasisPoints = 1900;

/** Only favourites are edited by hand; my-items follows the customer's paid orders. */
export function isEditableCollection(type: ProductCollectionType): boolean {
  return type === 'favourites';
}

/** A page of a collection's items: the web's favourite hearts read all of them at once. */
export const collectionItemsPerPage = 50;
export const maxCollectionItemsPerPage = 400;

/** spec 3/7: one item of a product collection; `product` is the catalogue's product view. */
export const productCollectionItemViewSchema = z.object({
  id: z.number().int(),
  '@id': z.string(),
  amount: z.number().int(),
  position: z.number().int(),
  product: productViewSchema,
});
export type ProductCollectionItemView = z.infer<typeof productCollectionItemViewSchema>;

/** spec 3/7: a product collection with one page of its items (`totalItems` counts them all). */
export const productCollectionViewSchema = z.object({
  id: z.number().int(),
  '@id': z.string(),
  type: z.enum(productCollectionTypes),
  totalItems: z.number().int(),
  items: z.array(productCollectionItemViewSchema),
});
export type ProductCollectionView = z.infer<typeof productCollectionViewSchema>;

const iriOf = (resource: string) =>
  z
    .string()
    .max(300)
    .regex(new RegExp(`^/api/v2/shop/${resource}/[^/?#]+$`), `an IRI /api/v2/shop/${resource}/{id}`);

/** POST product-collection-items: the product and the collection as IRIs (API Platform). */
export const addCollectionItemInputSchema = z.strictObject({
  product: iriOf('products'),
  productCollection: iriOf('product-collections'),
  position: z.number().int().min(0).max(1_000_000).optional(),
});
export type AddCollectionItemInput = z.infer<typeof addCollectionItemInputSchema>;

/** spec 3: notification settings of a customer (auction end, new follower, bid, drop, sale). */
export const notificationSettingsSchema = z.strictObject({
  auctionEnd: z.boolean(),
  newFollower: z.boolean(),
  bid: z.boolean(),
  drop: z.boolean(),
  sale: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a customer who never saved their settings gets: every notification on. */
export const defaultNotificationSettings: NotificationSettings = {
  auctionEnd: true,
  newFollower: true,
  bid: true,
  drop: true,
  sale: true,
};
