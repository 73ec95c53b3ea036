import { z } from 'zod';
import { mediaTypes } from '../catalog/index.ts';
import type { Locale } from '../i18n/index.ts';
import { productTransactionViewSchema } from '../register/views.ts';

/*
 * zod schemas and types of the shop API's catalogue views. Kept apart from the catalogue rules so
 * code that needs only the rules (the web's first paint) does not pull in zod.
 */

const localeSchema = z.enum(['de', 'en']);

export const channelPricingViewSchema = z.object({
  channelCode: z.string(),
  /** Cents. */
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  buyBackPrice: z.number().int().nullable(),
});
export type ChannelPricingView = z.infer<typeof channelPricingViewSchema>;

export const productVariantViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  totalSupply: z.number().int(),
  onHand: z.number().int(),
  onHold: z.number().int(),
  availableQuantity: z.number().int(),
  inStock: z.boolean(),
  tracked: z.boolean(),
  channelPricings: z.record(z.string(), channelPricingViewSchema),
});
export type ProductVariantView = z.infer<typeof productVariantViewSchema>;

/** GET product-variants/{code}: the variant plus its product's IRI. */
export const productVariantDetailViewSchema = productVariantViewSchema.extend({
  position: z.number().int(),
  product: z.string(),
});
export type ProductVariantDetailView = z.infer<typeof productVariantDetailViewSchema>;

export const mediaFileViewSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  fileName: z.string(),
  mediaType: z.enum(mediaTypes),
  mimeType: z.string(),
  bucket: z.enum(['public', 'private']),
  /** `/media/<storageKey>` for public files; null for private ones (served only by signed URL). */
  path: z.string().nullable(),
  /** Role of the file for its owner (avatar, gallery, banner...), when it has one. */
  type: z.string().nullable().optional(),
  /**
   * A public image's WebP renditions by size (spec 9 sm..xxxl: 160 to 2400 px wide, never wider than
   * the original), for `srcset`; absent for other files and for images stored before renditions.
   */
  renditions: z
    .record(z.string(), z.object({ width: z.number().int(), height: z.number().int(), path: z.string() }))
    .optional(),
});
export type MediaFileView = z.infer<typeof mediaFileViewSchema>;

export const legalDocumentViewSchema = z.object({
  id: z.string(),
  type: z.enum(['information_sheet', 'bond_terms', 'prospectus', 'other']),
  title: z.string(),
  locale: localeSchema.nullable(),
  path: z.string(),
});
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

export const creatorViewSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  /** Always null in public views: a creator's legal names stay private (decision 022). */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The name the creator chose for their public profile (null when none). */
  displayName: z.string().nullable(),
  /** The public name: the display name, else the user name. */
  fullName: z.string(),
  profileName: z.string().nullable(),
  profileImage: z.string().nullable(),
  mediaFiles: z.array(mediaFileViewSchema),
});
export type CreatorView = z.infer<typeof creatorViewSchema>;

export const productTranslationViewSchema = z.object({
  locale: localeSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
});
export type ProductTranslationView = z.infer<typeof productTranslationViewSchema>;

export const mainTaxonViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  /** Names from the root down: "Anleihen / Erneuerbare Energien". */
  fullname: z.string(),
  parent: z.string().nullable(),
});
export type MainTaxonView = z.infer<typeof mainTaxonViewSchema>;

export const attributeViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  stringValue: z.string(),
  type: z.enum(['text', 'percent', 'integer', 'date', 'url', 'money']),
});
export type AttributeView = z.infer<typeof attributeViewSchema>;

/** The newest confirmed transactions a product read shows (the register's own calls page through all). */
export const productTransactionsShown = 100;

export const productViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  translations: z.partialRecord(localeSchema, productTranslationViewSchema),
  allowToBuy: z.boolean(),
  royalties: z.number().int(),
  blockchainName: z.string().nullable(),
  tokenId: z.string().nullable(),
  whitelisting: z.boolean(),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  /** A creator's traits (spec 3/5 trait rows); empty for catalogue products. */
  traits: z.array(z.object({ type: z.string(), value: z.string() })),
  mainTaxon: mainTaxonViewSchema.nullable(),
  taxons: z.array(z.string()),
  attributes: z.array(attributeViewSchema),
  creator: creatorViewSchema.nullable(),
  mediaFiles: z.array(mediaFileViewSchema),
  legalDocuments: z.array(legalDocumentViewSchema),
  defaultVariant: productVariantViewSchema.nullable(),
  variants: z.array(z.string()),
  investorRestrictions: z.object({
    professionalOnly: z.boolean(),
    investorLimit: z.number().int().nullable(),
    /** Cents. */
    minimumSubscription: z.number().int().nullable(),
    /** Cents. */
    maximumOrderNonProfessional: z.number().int().nullable(),
    /** spec 5/9: tokens are subscribed in multiples of this (decision 011). */
    quantityStep: z.number().int().min(1),
  }),
  taxCategory: z.object({ code: z.string(), rateBasisPoints: z.number().int() }).nullable(),
  createdAt: z.string(),
  /**
   * spec 3 Product `transactions`: the bond's confirmed registrar transactions, newest first, at most
   * `productTransactionsShown`. Only the product read (`GET products/{code}`) carries them, not lists.
   */
  transactions: z.array(productTransactionViewSchema).optional(),
});
export type ProductView = z.infer<typeof productViewSchema>;

export type TaxonView = {
  id: number;
  code: string;
  level: number;
  name: string;
  slug: string | null;
  description: string | null;
  translations: Partial<
    Record<Locale, { locale: Locale; name: string; slug: string; description: string | null }>
  >;
  parent: string | null;
  position: number;
  children: TaxonView[];
};

export const taxonViewSchema: z.ZodType<TaxonView> = z.object({
  id: z.number().int(),
  code: z.string(),
  level: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  translations: z.partialRecord(
    localeSchema,
    z.object({
      locale: localeSchema,
      name: z.string(),
      slug: z.string(),
      description: z.string().nullable(),
    }),
  ),
  parent: z.string().nullable(),
  position: z.number().int(),
  get children() {
    return z.array(taxonViewSchema);
  },
});
