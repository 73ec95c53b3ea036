import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSepaText, toSepaText, toSepaTextMax } from './sepa-text.ts';

describe('toSepaText (EPC Latin character set)', () => {
  it.each([
    ['Jürgen Müller-Lüdenscheidt', 'Juergen Mueller-Luedenscheidt'],
    ['Straße', 'Strasse'],
    ['ÄÖÜ äöü ß', 'AeOeUe aeoeue ss'],
    ['François Lefèvre', 'Francois Lefevre'],
    ['Łukasz Żółć', 'Lukasz Zolc'],
    ['Søren Ærø', 'Soren AEro'],
    ['Müller & Söhne GmbH', 'Mueller + Soehne GmbH'],
    ['„Sonnenfeld“ Energie – Anleihe', "'Sonnenfeld' Energie - Anleihe"],
    ['  two   spaces\tand\ttabs ', 'two spaces and tabs'],
    ['Zinsen 2021/2022 (ISIN DE000A1EWWW0)', 'Zinsen 2021/2022 (ISIN DE000A1EWWW0)'],
    ['名前 Ivan', 'Ivan'],
    ['<b>x</b>', 'b x /b'],
  ])('%s -> %s', (input, expected) => {
    expect(toSepaText(input)).toBe(expected);
    expect(isSepaText(toSepaText(input))).toBe(true);
  });

  it('knows the set', () => {
    expect(isSepaText("AZaz09/-?:().,'+ ")).toBe(true);
    for (const c of ['ä', '&', '<', '_', '"', '@', '\n', 'é']) expect(isSepaText(c), c).toBe(false);
  });

  it('always yields SEPA text, never longer than asked', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.integer({ min: 1, max: 140 }),
        (s, max) => {
          const out = toSepaTextMax(s, max);
          return isSepaText(out) && out.length <= max && out === out.trim();
        },
      ),
    );
  });
});
