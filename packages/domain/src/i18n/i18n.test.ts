import { describe, expect, it } from 'vitest';
import { negotiateLocale, translatedField } from './index.ts';

describe('negotiateLocale', () => {
  it.each([
    [undefined, undefined, 'de'],
    ['en', 'de', 'en'],
    ['EN-us', undefined, 'en'],
    ['fr', 'en', 'en'],
    [undefined, 'en-US,en;q=0.9,de;q=0.8', 'en'],
    [undefined, 'fr-FR,de;q=0.5,en;q=0.4', 'de'],
    [undefined, 'de;q=0.1,en;q=0.9', 'en'],
    [undefined, 'en;q=0,de', 'de'],
    [undefined, 'fr, it', 'de'],
    [undefined, ';;;,,q=abc', 'de'],
  ] as const)('explicit %s with Accept-Language %s -> %s', (explicit, header, expected) => {
    expect(negotiateLocale(explicit, header)).toBe(expected);
  });
});

describe('translatedField', () => {
  const t = {
    de: { name: 'Anleihe', description: 'Beschreibung', slug: '' },
    en: { name: 'Bond', description: '', slug: 'bond' },
  };
  it('takes the wanted language first', () => {
    expect(translatedField(t, 'en', 'name')).toBe('Bond');
    expect(translatedField(t, 'de', 'name')).toBe('Anleihe');
  });
  it('falls back to German per field, then to any language', () => {
    expect(translatedField(t, 'en', 'description')).toBe('Beschreibung');
    expect(translatedField(t, 'de', 'slug')).toBe('bond');
    expect(translatedField({ en: { name: 'Only English' } }, 'de', 'name')).toBe('Only English');
  });
  it('answers null when no language has the field', () => {
    expect(translatedField(t, 'de', 'missing')).toBeNull();
    expect(translatedField({}, 'en', 'name')).toBeNull();
  });
});
