import { describe, expect, it } from 'vitest';
import { eurosToCents, formatMoney } from './index.ts';

// Intl uses narrow no-break spaces; normalise them so the expectations stay readable.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it.each([
    [123456, 'de', 'always', '1.234,56 €'],
    [123456, 'en', 'always', '€1,234.56'],
    [100000, 'de', 'none', '1.000 €'],
    [100000, 'en', 'none', '€1,000'],
    [99, 'de', 'always', '0,99 €'],
    [5, 'de', 'always', '0,05 €'],
    [0, 'de', 'none', '0 €'],
    [150, 'de', 'none', '2 €'],
    [149, 'de', 'none', '1 €'],
    [-150, 'de', 'none', '-2 €'],
    [-123456, 'de', 'always', '-1.234,56 €'],
    [100000, 'de', 'auto', '1.000 €'],
    [100050, 'de', 'auto', '1.000,50 €'],
    [100050, 'en', 'auto', '€1,000.50'],
    [123456789012, 'de', 'always', '1.234.567.890,12 €'],
  ] as const)('%i cents in %s (%s) -> %s', (cents, locale, fraction, expected) => {
    expect(plain(formatMoney(cents, { locale, fraction }))).toBe(expected);
  });

  it('defaults to German with two decimals', () => {
    expect(plain(formatMoney(100))).toBe('1,00 €');
  });

  it('formats other currencies', () => {
    expect(plain(formatMoney(2500, { locale: 'en', currency: 'USD' }))).toBe('US$25.00');
  });

  it('refuses non-integer cents', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});

describe('eurosToCents', () => {
  it.each([
    ['1000', 100000],
    ['1.000,50', 100050],
    ['1,000.50', 100050],
    ['0,1', 10],
    ['19.99', 1999],
    ['0.29', 29],
    [' 12 ', 1200],
    ['-3,5', -350],
    [1000, 100000],
  ] as const)('%s -> %i', (input, cents) => {
    expect(eurosToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '1,2,3', '1.005', 'NaN'])('rejects %s', (input) => {
    expect(eurosToCents(input)).toBeNull();
  });
});
