import { describe, expect, it } from 'vitest';
import {
  browseApiQuery,
  browseFiltersOf,
  browseSearchOf,
  findCategory,
  flattenTaxons,
  isUnreadablePrice,
  priceFilterCents,
  restoredPagesOf,
} from './browse.ts';

describe('browse filters', () => {
  it('convert euro prices to cents and ignore empty, zero and unreadable values (spec 5)', () => {
    expect(priceFilterCents('12,50')).toBe(1250);
    expect(priceFilterCents('1.000,00')).toBe(100_000);
    expect(priceFilterCents('1.000')).toBeUndefined(); // ambiguous: the visitor is told it is unreadable
    expect(priceFilterCents('7')).toBe(700);
    expect(priceFilterCents('0')).toBeUndefined();
    expect(priceFilterCents('0,00')).toBeUndefined();
    expect(priceFilterCents('')).toBeUndefined();
    expect(priceFilterCents('  ')).toBeUndefined();
    expect(priceFilterCents('-5')).toBeUndefined();
    expect(priceFilterCents('abc')).toBeUndefined();
    expect(isUnreadablePrice('abc')).toBe(true);
    expect(isUnreadablePrice('')).toBe(false);
    expect(isUnreadablePrice('3,5')).toBe(false);
  });

  it('build the products query: taxon, creator, inclusive price bounds in cents, 12 per page', () => {
    const q = browseApiQuery(
      {
        category: 'collectibles_art',
        priceMin: '10',
        priceMax: '0',
        creator: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      },
      2,
    );
    expect(Object.fromEntries(q)).toEqual({
      page: '2',
      itemsPerPage: '12',
      'taxon.code': 'collectibles_art',
      'creator.uuid': 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      'price[gte]': '1000',
    });
    // a category page's taxon wins over a stale `category` parameter
    expect(browseApiQuery({ category: 'bonds', taxonCode: 'collectibles_music' }, 1).get('taxon.code')).toBe(
      'collectibles_music',
    );
  });

  it('read the URL back into the same filters and drop malformed values', () => {
    const filters = { category: 'collectibles', priceMin: '5', priceMax: '250', creator: undefined };
    expect(browseFiltersOf(browseSearchOf(filters))).toEqual(filters);
    const odd = browseFiltersOf(new URLSearchParams('category=a%20b&creator=nope&min=%20&max=9'));
    expect(odd).toEqual({ category: undefined, creator: undefined, priceMin: undefined, priceMax: '9' });
    expect(browseSearchOf({ priceMin: ' ', category: 'x' }).toString()).toBe('category=x');
  });

  it('restore at most 20 loaded pages', () => {
    expect(restoredPagesOf(new URLSearchParams('pages=3'))).toBe(3);
    expect(restoredPagesOf(new URLSearchParams('pages=999'))).toBe(20);
    expect(restoredPagesOf(new URLSearchParams('pages=-1'))).toBe(1);
    expect(restoredPagesOf(new URLSearchParams('pages=2.5'))).toBe(1);
    expect(restoredPagesOf(new URLSearchParams(''))).toBe(1);
  });

  it('find a category by its slug in either language or by code, at any depth', () => {
    const tree = [
      {
        code: 'collectibles',
        translations: { de: { slug: 'sammlerstuecke' }, en: { slug: 'collectibles' } },
        children: [
          {
            code: 'collectibles_art',
            translations: { de: { slug: 'kunst' }, en: { slug: 'art' } },
            children: [],
          },
        ],
      },
    ];
    expect(findCategory(tree, 'kunst')?.code).toBe('collectibles_art');
    expect(findCategory(tree, 'Art')?.code).toBe('collectibles_art');
    expect(findCategory(tree, 'collectibles_art')?.code).toBe('collectibles_art');
    expect(findCategory(tree, 'sammlerstuecke')?.code).toBe('collectibles');
    expect(findCategory(tree, 'nothing')).toBeNull();
    expect(flattenTaxons(tree).map((t) => [t.taxon.code, t.depth])).toEqual([
      ['collectibles', 0],
      ['collectibles_art', 1],
    ]);
  });
});
