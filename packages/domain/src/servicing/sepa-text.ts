/*
 * The SEPA character set (EPC "Latin character set" of the SCT rulebook, EPC217-08 / the
 * implementation guidelines EPC132-08 §1.4): names and remittance texts in a credit transfer file
 * hold only  a-z A-Z 0-9 / - ? : ( ) . , ' + and the space. German banks (DFÜ-Abkommen annex 3)
 * accept more, but a file built to the EPC set passes every SEPA bank.
 */

/** Every character of the EPC basic Latin set, and nothing else. */
export const sepaTextPattern = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Whether the text holds only characters of the SEPA (EPC Latin) set. */
export function isSepaText(text: string): boolean {
  return sepaTextPattern.test(text);
}

// German first (DIN 5007-2 style: ä -> ae), then letters that need more than dropping the accent.
const replacements: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  å: 'a',
  Å: 'A',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '&': '+',
  '@': '(at)',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '´': "'",
  '`': "'",
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  _: '-',
  ';': ',',
  '!': '.',
  '\u00a0': ' ',
};

/**
 * Transliterates text into the SEPA character set: umlauts and ß spelt out (ä -> ae, ß -> ss),
 * other accents dropped (é -> e), a few signs mapped (& -> +), whitespace runs made one space, and any
 * character still outside the set replaced by a space. The result always passes `isSepaText`.
 */
export function toSepaText(text: string): string {
  let out = '';
  for (const ch of text) {
    const mapped = replacements[ch];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    // Split accented letters into the letter and its combining marks, then drop the marks.
    const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += isSepaText(plain) ? plain : ' ';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** `toSepaText`, cut to `max` characters (EPC: names 70, remittance 140) without a trailing space. */
export function toSepaTextMax(text: string, max: number): string {
  return toSepaText(text).slice(0, max).trimEnd();
}
