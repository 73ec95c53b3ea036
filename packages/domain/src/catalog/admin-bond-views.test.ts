import { describe, expect, it } from 'vitest';
import {
  bondCreateInputSchema,
  legalDocumentUploadFieldsSchema,
  missingForPublication,
} from './admin-bond-views.ts';

const ready = {
  hasTerms: true,
  names: { de: 'Windpark', en: 'Wind farm' },
  priceCents: 100,
  legalDocuments: [{ type: 'information_sheet' as const, current: true }],
};

describe('missingForPublication (WpHG § 64, VermAnlG § 13: the key information comes first)', () => {
  it.each([
    ['nothing when everything is there', ready, []],
    ['the terms', { ...ready, hasTerms: false }, ['terms']],
    ['a blank German name', { ...ready, names: { de: ' ', en: 'Wind farm' } }, ['name_de']],
    ['the English name', { ...ready, names: { de: 'Windpark', en: null } }, ['name_en']],
    ['a price of 0', { ...ready, priceCents: 0 }, ['price']],
    ['no price', { ...ready, priceCents: null }, ['price']],
    [
      'an information sheet that was superseded',
      { ...ready, legalDocuments: [{ type: 'information_sheet' as const, current: false }] },
      ['information_sheet'],
    ],
    [
      'an information sheet (bond terms do not count)',
      { ...ready, legalDocuments: [{ type: 'bond_terms' as const, current: true }] },
      ['information_sheet'],
    ],
  ])('names %s', (_, facts, missing) => {
    expect(missingForPublication(facts)).toEqual(missing);
  });
});

describe('bond inputs', () => {
  const valid = {
    code: 'WIND_2032',
    taxon: 'bonds_energy',
    translations: { de: { name: 'Windpark' }, en: { name: 'Wind farm', shortDescription: '' } },
    priceCents: 100,
    totalSupply: 1000,
    quantityStep: 1000,
    blockchainName: 'Polygon',
    whitelisting: false,
    moreInformationUrl: '',
  };
  it('reads empty optional texts as none', () => {
    const parsed = bondCreateInputSchema.parse(valid);
    expect(parsed.translations.en.shortDescription).toBeNull();
    expect(parsed.moreInformationUrl).toBeNull();
    expect(parsed.tokenId).toBeNull();
  });
  it.each([
    ['a lower-case code', { code: 'wind_2032' }],
    ['a code of two characters', { code: 'AB' }],
    ['a collectible taxon', { taxon: 'collectibles_art' }],
    ['a negative price', { priceCents: -1 }],
    ['a link that is not http(s)', { moreInformationUrl: 'javascript:alert(1)' }],
  ])('refuses %s', (_, change) => {
    expect(bondCreateInputSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
  it('takes a legal document for every language when no locale is given', () => {
    expect(
      legalDocumentUploadFieldsSchema.parse({ type: 'other', locale: '', title: 'Flyer' }).locale,
    ).toBeNull();
  });
});
