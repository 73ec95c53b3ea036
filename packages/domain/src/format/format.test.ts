import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatEuro,
  formatNumber,
  formatPercent,
  parseCommercialRegister,
  shortenAddress,
} from './index.ts';

// Intl uses (narrow) no-break spaces; normalise them so the expectations stay readable.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuro', () => {
  it.each([
    [100, 'de', 'auto', '1 €'],
    [150, 'de', 'auto', '1,50 €'],
    [500_000_000, 'de', 'auto', '5.000.000 €'],
    [250_000, 'de', 'none', '2.500 €'],
    [250_050, 'de', 'none', '2.501 €'],
    [250_050, 'de', 'always', '2.500,50 €'],
    [100, 'de', 'always', '1,00 €'],
    [250_050, 'en', 'auto', '€2,500.50'],
    [0, 'de', 'auto', '0 €'],
  ] as const)('%i cents in %s (%s) -> %s', (cents, locale, fraction, expected) => {
    expect(plain(formatEuro(cents, { locale, fraction }))).toBe(expected);
  });

  it('defaults to German and shows decimals only when there are cents', () => {
    expect(plain(formatEuro(123_456))).toBe('1.234,56 €');
    expect(plain(formatEuro(123_400))).toBe('1.234 €');
  });
});

describe('formatDate', () => {
  it.each([
    ['2031-06-30', 'de', '30.06.2031'],
    ['2031-06-30', 'en', '30/06/2031'],
    ['2026-01-05T09:00:00Z', 'de', '05.01.2026'],
    // 23:30 UTC on 31 Dec is already New Year in Berlin.
    ['2025-12-31T23:30:00Z', 'de', '01.01.2026'],
  ] as const)('%s in %s -> %s', (value, locale, expected) => {
    expect(formatDate(value, { locale })).toBe(expected);
  });

  it('accepts Date objects and returns unparseable input unchanged', () => {
    expect(formatDate(new Date(Date.UTC(2030, 2, 1, 12)))).toBe('01.03.2030');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('formats a point in time with Berlin hours and minutes', () => {
    expect(formatDateTime('2026-01-05T09:00:00Z')).toBe('05.01.2026, 10:00');
    expect(formatDateTime('2026-07-05T09:00:00Z')).toBe('05.07.2026, 11:00');
  });
});

describe('formatNumber and formatPercent', () => {
  it.each([
    [5_000_000, 'de', '5.000.000'],
    [5_000_000, 'en', '5,000,000'],
    [149, 'de', '149'],
  ] as const)('%i in %s -> %s', (value, locale, expected) => {
    expect(formatNumber(value, { locale })).toBe(expected);
  });

  it.each([
    ['5.50', 'de', '5,50 %'],
    ['5.50', 'en', '5.50%'],
    [4, 'de', '4,00 %'],
    ['n/a', 'de', 'n/a'],
  ] as const)('%s %% in %s -> %s', (value, locale, expected) => {
    expect(plain(formatPercent(value, { locale }))).toBe(expected);
  });
});

describe('shortenAddress', () => {
  it.each([
    ['0x1234567890abcdef1234567890abcdef12345678', '0x123…5678'],
    ['0x123456789abcd', '0x123…abcd'],
    ['  0xAbCdEf0123456789  ', '0xAbC…6789'],
    // spec 9: first 5 and last 4; anything that short stays whole.
    ['0x12345678', '0x12345678'],
    ['', ''],
  ])('%s -> %s', (address, expected) => {
    expect(shortenAddress(address)).toBe(expected);
  });
});

describe('parseCommercialRegister', () => {
  it.each([
    ['Amtsgericht Charlottenburg HRB 234567 B', { court: 'Charlottenburg', number: 'HRB 234567 B' }],
    ['Amtsgericht Hamburg HRB 165432', { court: 'Hamburg', number: 'HRB 165432' }],
    ['AG Frankfurt am Main, HRA 1234', { court: 'Frankfurt am Main', number: 'HRA 1234' }],
    ['Handelsregister Berlin 12345', null],
    ['', null],
  ])('%j', (entry, expected) => {
    expect(parseCommercialRegister(entry)).toEqual(expected);
  });
});
