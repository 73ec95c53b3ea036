import type { ContentMediaFileView, CreatorProductView } from '@token/domain/marketplace';

/* Tests only: a creator's uploads and products as the content API answers them. */

export function mediaFileForTests(overrides: Partial<ContentMediaFileView> = {}): ContentMediaFileView {
  return {
    id: 7,
    '@id': '/api/v2/shop/media-files/7',
    uuid: 'f0000000-0000-4000-8000-000000000007',
    fileName: 'wald.png',
    mediaType: 'image',
    mimeType: 'image/png',
    private: false,
    state: 'ready',
    rejectionCode: null,
    size: 1234,
    path: '/media/content/f7.png',
    renditions: {
      sm: { width: 160, height: 100, path: '/media/content/f7/sm.webp' },
      md: { width: 320, height: 200, path: '/media/content/f7/md.webp' },
    },
    createdAt: '2026-11-27T20:00:00.000Z',
    ...overrides,
  };
}

export function creatorProductForTests(overrides: Partial<CreatorProductView> = {}): CreatorProductView {
  const code = overrides.code ?? 'WALD_1';
  return {
    id: 101,
    '@id': `/api/v2/shop/products/${code}`,
    code,
    name: 'Wald am Morgen',
    slug: 'wald-am-morgen',
    creatorProfileName: 'clara',
    creator: '/api/v2/shop/customers/u-1',
    reviewState: 'pending',
    rejectionReason: null,
    reviewedAt: null,
    translations: {
      de: { locale: 'de', name: 'Wald am Morgen', slug: 'wald-am-morgen', description: 'Nebel' },
      en: { locale: 'en', name: 'Forest in the morning', slug: 'forest', description: 'Fog' },
    },
    royalties: 10,
    metadata: [{ key: 'camera', value: 'Leica' }],
    traits: [{ type: 'Colour', value: 'Green' }],
    tags: ['forest'],
    whitelisting: false,
    mainTaxon: 'collectibles_art',
    subCategory: null,
    itemType: 'single',
    copies: 1,
    price: 4990,
    collaboration: false,
    copyrightTransfer: false,
    unlockOnPurchase: false,
    mediaFiles: [mediaFileForTests()],
    collection: null,
    defaultVariant: {
      code,
      '@id': `/api/v2/shop/product-variants/${code}`,
      name: 'Wald am Morgen',
      product: `/api/v2/shop/products/${code}`,
      onHand: 1,
      onHold: 0,
      totalSupply: 1,
      tracked: true,
      channelPricings: { token: { channelCode: 'token', price: 4990 } },
    },
    currency: 'EUR',
    createdAt: '2026-11-27T20:00:00.000Z',
    updatedAt: '2026-11-27T20:00:00.000Z',
    ...overrides,
  };
}

/** The taxons answer: `collectibles` with its three categories. */
export const taxonsForTests = [
  {
    id: 1,
    code: 'collectibles',
    level: 0,
    name: 'Collectibles',
    slug: 'collectibles',
    description: null,
    translations: {},
    parent: null,
    position: 0,
    children: [
      ['collectibles_art', 'Art'],
      ['collectibles_music', 'Music'],
    ].map(([code, name], i) => ({
      id: 2 + i,
      code,
      level: 1,
      name,
      slug: code,
      description: null,
      translations: {},
      parent: '/api/v2/shop/taxons/collectibles',
      position: i,
      children: [],
    })),
  },
];
