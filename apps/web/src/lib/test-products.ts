import type { ProductVariantView, ProductView } from '@token/domain/catalog-views';

/* Tests only: catalogue answers as GET products gives them. */

/**
 * A listed collectible (25.00 EUR in channel `token`, 10 editions) unless `overrides` say otherwise;
 * `variant` changes its default variant (`price` in cents).
 */
export function productFixture(
  code: string,
  overrides: Partial<ProductView> = {},
  variant: Partial<ProductVariantView> & { price?: number } = {},
): ProductView {
  const { price = 2500, ...variantFields } = variant;
  return {
    id: Number(code.replace(/\D/g, '') || 1),
    code,
    name: `Item ${code}`,
    slug: code.toLowerCase(),
    description: null,
    shortDescription: null,
    translations: {},
    allowToBuy: true,
    royalties: 0,
    blockchainName: null,
    tokenId: null,
    whitelisting: false,
    metadata: [],
    traits: [],
    mainTaxon: null,
    taxons: [],
    attributes: [],
    creator: null,
    mediaFiles: [],
    legalDocuments: [],
    defaultVariant: {
      id: 1,
      code,
      name: code,
      totalSupply: 10,
      onHand: 10,
      onHold: 0,
      availableQuantity: 10,
      inStock: true,
      tracked: true,
      channelPricings: {
        token: { channelCode: 'token', price, originalPrice: null, buyBackPrice: null },
      },
      ...variantFields,
    },
    variants: [],
    investorRestrictions: {
      professionalOnly: false,
      investorLimit: null,
      minimumSubscription: null,
      maximumOrderNonProfessional: null,
      quantityStep: 1,
    },
    taxCategory: { code: 'standard', rateBasisPoints: 1900 },
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A Hydra page of products. */
export function productPage(items: ProductView[], totalItems: number): Response {
  return Response.json({ 'hydra:member': items, 'hydra:totalItems': totalItems });
}
