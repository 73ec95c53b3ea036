import { describe, expect, it } from 'vitest';
import { excerptOf, segmentsFromHeadline } from './search-highlights.ts';

const hl = (s: string) => s.replaceAll('[', '\u0001').replaceAll(']', '\u0002');

describe('segmentsFromHeadline carries the marks of the normalised text onto the original', () => {
  it.each([
    ['Alpenglühen', hl('[alpengluhen]'), [{ text: 'Alpenglühen', match: true }]],
    [
      'Werkstatt Müller an der Straße',
      hl('werkstatt [muller] an der [strasse]'),
      [
        { text: 'Werkstatt ', match: false },
        { text: 'Müller', match: true },
        { text: ' an der ', match: false },
        { text: 'Straße', match: true },
      ],
    ],
    [
      'Spätschicht (Loop)',
      hl('spatschicht ([loop])'),
      [
        { text: 'Spätschicht (', match: false },
        { text: 'Loop', match: true },
        { text: ')', match: false },
      ],
    ],
    // Word counts differ ("©" became "(C)"): no marks rather than wrong ones.
    ['© Kiefer', hl('(c) [kiefer]'), [{ text: '© Kiefer', match: false }]],
    ['Kiefer', null, [{ text: 'Kiefer', match: false }]],
    ['', hl(''), []],
  ])('%j', (original, headline, expected) => {
    expect(segmentsFromHeadline(original, headline)).toEqual(expected);
  });
});

describe('excerptOf', () => {
  it('keeps a short text whole and cuts a long one around its first match at spaces', () => {
    const short = [{ text: 'kurz', match: false }];
    expect(excerptOf(short, 240)).toBe(short);
    const long = [
      { text: `${'Vorwort '.repeat(40)}dann `, match: false },
      { text: 'Treffer', match: true },
      { text: ` ${'Nachwort '.repeat(40)}`, match: false },
    ];
    const out = excerptOf(long, 100);
    const text = out.map((s) => s.text).join('');
    expect(text.startsWith('…Vorwort')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(104);
    expect(out.filter((s) => s.match)).toEqual([{ text: 'Treffer', match: true }]);
  });
});
