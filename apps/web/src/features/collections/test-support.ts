import type { ProductView } from '@token/domain/catalog-views';

/* Tests only: a listed collectible as the catalogue answers it. */

export function productForTests(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: 1,
    code: 'KIEFER',
    name: 'Kiefernwald im Abendlicht',
    slug: 'kiefernwald',
    description: null,
    shortDescription: null,
    translations: {},
    allowToBuy: true,
    royalties: 0,
    blockchainName: null,
    tokenId: null,
    whitelisting: false,
    metadata: [],
    mainTaxon: null,
    taxons: [],
    attributes: [],
    creator: null,
    mediaFiles: [],
    legalDocuments: [],
    defaultVariant: {
      id: 1,
      code: 'KIEFER-V',
      name: 'Kiefernwald',
      totalSupply: 100_000,
      onHand: 100_000,
      onHold: 50_000,
      availableQuantity: 50_000,
      inStock: true,
      tracked: true,
      channelPricings: {
        token: { channelCode: 'token', price: 100, originalPrice: null, buyBackPrice: null },
      },
    },
    variants: [],
    investorRestrictions: {
      professionalOnly: false,
      investorLimit: null,
      minimumSubscription: null,
      maximumOrderNonProfessional: null,
      quantityStep: 1,
    },
    taxCategory: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
