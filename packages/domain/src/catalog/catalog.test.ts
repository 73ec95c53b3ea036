import { describe, expect, it } from 'vitest';
import { productVariantViewSchema, productViewSchema, taxonViewSchema } from '../catalog-views/index.ts';
import {
  availableQuantity,
  filterMetadata,
  isInStock,
  isListed,
  isPurchasable,
  isSoldOut,
  type ListingFacts,
  mediaTypeOf,
  productLabel,
  translatedField,
} from './index.ts';

const v = (onHand: number, onHold: number, tracked = true, enabled = true) => ({
  onHand,
  onHold,
  tracked,
  enabled,
});

describe('availableQuantity', () => {
  it.each([
    [5_000_000, 1_250_000, 3_750_000],
    [2_000_000, 2_000_000, 0],
    [8_000_000, 0, 8_000_000],
    [0, 0, 0],
    [100, 150, 0], // never below 0
  ])('onHand %i, onHold %i -> %i', (onHand, onHold, expected) => {
    expect(availableQuantity({ onHand, onHold })).toBe(expected);
  });
});

describe('isInStock', () => {
  it.each([
    [true, 1, true],
    [true, 0, false],
    [false, 0, true], // untracked stock is always in stock
    [false, 5, true],
  ])('tracked %s, onHand %i -> %s', (tracked, onHand, expected) => {
    expect(isInStock({ tracked, onHand })).toBe(expected);
  });
});

// The demo bonds of docs/demo-data.md, one row each.
const cases: Array<[string, ListingFacts & { allowToBuy: boolean }, boolean, boolean, boolean, string]> = [
  // name, facts, listed, soldOut, purchasable, label
  [
    'SOLAR available',
    { enabled: true, allowToBuy: true, defaultVariant: v(5_000_000, 1_250_000) },
    true,
    false,
    true,
    'available',
  ],
  [
    'WOHNEN sold out',
    { enabled: true, allowToBuy: true, defaultVariant: v(2_000_000, 2_000_000) },
    true,
    true,
    false,
    'sold',
  ],
  [
    'HOTEL exclusive',
    { enabled: true, allowToBuy: false, defaultVariant: v(4_000_000, 0) },
    true,
    false,
    false,
    'exclusive',
  ],
  [
    'exclusive and sold out is sold',
    { enabled: true, allowToBuy: false, defaultVariant: v(10, 10) },
    true,
    true,
    false,
    'sold',
  ],
  [
    'GEOTHERMIE out of stock',
    { enabled: true, allowToBuy: true, defaultVariant: v(0, 0) },
    false,
    false,
    false,
    'unavailable',
  ],
  [
    'PFLEGE no variant',
    { enabled: true, allowToBuy: true, defaultVariant: null },
    false,
    false,
    false,
    'unavailable',
  ],
  [
    'disabled product',
    { enabled: false, allowToBuy: true, defaultVariant: v(10, 0) },
    false,
    false,
    false,
    'unavailable',
  ],
  [
    'disabled default variant',
    { enabled: true, allowToBuy: true, defaultVariant: v(10, 0, true, false) },
    false,
    false,
    false,
    'unavailable',
  ],
  [
    'untracked with nothing on hand: listed, sold out, not buyable (onHand 0)',
    { enabled: true, allowToBuy: true, defaultVariant: v(0, 0, false) },
    true,
    true,
    false,
    'sold',
  ],
  [
    'untracked with stock',
    { enabled: true, allowToBuy: true, defaultVariant: v(10, 3, false) },
    true,
    false,
    true,
    'available',
  ],
];

describe('listing rules', () => {
  it.each(cases)('%s', (_name, facts, listed, soldOut, purchasable, label) => {
    expect(isListed(facts)).toBe(listed);
    expect(isSoldOut(facts)).toBe(soldOut);
    expect(isPurchasable(facts)).toBe(purchasable);
    expect(productLabel(facts)).toBe(label);
  });
});

describe('mediaTypeOf (spec 9)', () => {
  it.each([
    ['cover.png', 'image'],
    ['a.GIF', 'image'],
    ['a.webp', 'image'],
    ['a.jpg', 'image'],
    ['photo.JPEG', 'image'],
    ['song.mp3', 'audio'],
    ['song.mpeg', 'audio'],
    ['clip.mp4', 'video'],
    ['clip.MOV', 'video'],
    ['terms.pdf', 'placeholder'],
    ['archive.tar.gz', 'placeholder'],
    ['noextension', 'placeholder'],
    ['trailingdot.', 'placeholder'],
    ['', 'placeholder'],
    ['public/products/ab12.png?v=1', 'image'],
  ])('%s -> %s', (name, expected) => {
    expect(mediaTypeOf(name)).toBe(expected);
  });
});

describe('filterMetadata (spec 3, 5)', () => {
  it('drops underscore and empty keys and keeps order', () => {
    expect(
      filterMetadata([
        { key: 'edition', value: '1/10' },
        { key: '_internal', value: 'secret' },
        { key: '', value: 'orphan' },
        { key: '   ', value: 'blank' },
        { key: 'artist', value: 'Lena' },
        { key: 'a_b', value: 'kept' },
      ]),
    ).toEqual([
      { key: 'edition', value: '1/10' },
      { key: 'artist', value: 'Lena' },
      { key: 'a_b', value: 'kept' },
    ]);
  });
});

describe('translatedField', () => {
  const t = {
    de: { name: 'Solarpark', shortDescription: 'Kurz', description: 'Lang' },
    en: { name: 'Solar park', shortDescription: null, description: '' },
  };
  it.each([
    ['de', 'name', 'Solarpark'],
    ['en', 'name', 'Solar park'],
    ['en', 'shortDescription', 'Kurz'], // null falls back to German
    ['en', 'description', 'Lang'], // empty falls back to German
    ['en', 'slug', null],
  ] as const)('%s %s -> %s', (locale, field, expected) => {
    expect(translatedField(t, locale, field)).toBe(expected);
  });
  it('falls back to German when the language has no row', () => {
    expect(translatedField({ de: { name: 'Nur deutsch' } }, 'en', 'name')).toBe('Nur deutsch');
  });
});

describe('view schemas', () => {
  const variant = {
    id: 1,
    code: 'SOLAR_BRANDENBURG_2031',
    name: 'Solar',
    totalSupply: 5,
    onHand: 5,
    onHold: 1,
    availableQuantity: 4,
    inStock: true,
    tracked: true,
    channelPricings: { token: { channelCode: 'token', price: 100, originalPrice: null, buyBackPrice: null } },
  };
  it('parses a product view and rejects a wrong one', () => {
    const product = {
      id: 1,
      code: 'SOLAR_BRANDENBURG_2031',
      name: 'Solar',
      slug: 'solar',
      description: null,
      shortDescription: null,
      translations: {
        de: { locale: 'de', name: 'Solar', slug: 'solar', description: null, shortDescription: null },
      },
      allowToBuy: true,
      royalties: 0,
      blockchainName: 'Polygon',
      tokenId: null,
      whitelisting: false,
      metadata: [],
      traits: [],
      mainTaxon: null,
      taxons: [],
      attributes: [{ code: 'isin', name: 'ISIN', stringValue: 'DE000A1B2C3D', type: 'text' }],
      creator: null,
      mediaFiles: [],
      legalDocuments: [],
      defaultVariant: variant,
      variants: [],
      investorRestrictions: {
        professionalOnly: false,
        investorLimit: null,
        minimumSubscription: null,
        maximumOrderNonProfessional: null,
        quantityStep: 1000,
      },
      taxCategory: { code: 'bonds', rateBasisPoints: 0 },
      createdAt: '2026-01-05T09:00:00.000Z',
    };
    expect(productViewSchema.parse(product).code).toBe('SOLAR_BRANDENBURG_2031');
    expect(
      productViewSchema.safeParse({ ...product, defaultVariant: { ...variant, price: 'x', id: 'x' } })
        .success,
    ).toBe(false);
    expect(productVariantViewSchema.safeParse(variant).success).toBe(true);
  });
  it('parses a nested taxon tree', () => {
    const leaf = {
      id: 2,
      code: 'bonds_energy',
      level: 1,
      name: 'Erneuerbare Energien',
      slug: 'anleihen/erneuerbare-energien',
      description: null,
      translations: {},
      parent: '/api/v2/shop/taxons/bonds',
      position: 0,
      children: [],
    };
    const root = { ...leaf, id: 1, code: 'bonds', level: 0, parent: null, children: [leaf] };
    expect(taxonViewSchema.parse(root).children[0]?.code).toBe('bonds_energy');
    expect(taxonViewSchema.safeParse({ ...root, children: [{ code: 1 }] }).success).toBe(false);
  });
});
