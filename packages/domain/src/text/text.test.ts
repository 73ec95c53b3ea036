import { describe, expect, it } from 'vitest';
import { forbiddenCharacterPaths, hasForbiddenCharacters } from './index.ts';

describe('hasForbiddenCharacters', () => {
  it.each([
    ['Hallo', false],
    ['Zeile 1\nZeile 2\r\n\tEingerückt', false],
    ['Grüße – 1.000 € 🙂', false],
    ['Hal\u0000lo', true],
    ['bell\u0007', true],
    ['vertical\u000Btab', true],
    ['form\u000Cfeed', true],
    ['escape\u001B[31m', true],
    ['delete\u007F', true],
    ['c1\u0085', true],
    ['lone high \uD83D', true],
    ['lone low \uDE42 end', true],
    ['\uDE42\uD83D swapped pair', true],
  ])('%j -> %s', (text, expected) => {
    expect(hasForbiddenCharacters(text)).toBe(expected);
  });
});

describe('forbiddenCharacterPaths', () => {
  it('names every bad string by its path, in document order', () => {
    const value = {
      name: 'ok',
      subject: 'Hal\u0000lo',
      items: [{ title: 'fine' }, { title: 'x\u0001' }],
      count: 3,
      nested: { deeper: ['a', '\u0000'] },
    };
    expect(forbiddenCharacterPaths(value)).toEqual(['subject', 'items.1.title', 'nested.deeper.1']);
  });

  it('names a bad key itself', () => {
    expect(forbiddenCharacterPaths({ 'a\u0000b': 1 })).toEqual(['a\u0000b']);
  });

  it('checks a bare string and ignores non-text values', () => {
    expect(forbiddenCharacterPaths('\u0000')).toEqual(['']);
    expect(forbiddenCharacterPaths(null)).toEqual([]);
    expect(forbiddenCharacterPaths(42)).toEqual([]);
    expect(forbiddenCharacterPaths(new Uint8Array([0, 0]))).toEqual([]);
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [path] = forbiddenCharacterPaths(deep);
    expect(path?.split('.')).toHaveLength(200_000);
  });

  it('stops after the limit', () => {
    expect(
      forbiddenCharacterPaths(
        Array.from({ length: 50 }, () => '\u0000'),
        5,
      ),
    ).toHaveLength(5);
  });
});

describe('forbiddenCharacterPaths on parsed queries', () => {
  it('reads objects whose prototype has no prototype (fast-querystring)', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = new (Empty as unknown as new () => Record<string, unknown>)();
    query.to = '\u0000';
    expect(forbiddenCharacterPaths(query)).toEqual(['to']);
    expect(forbiddenCharacterPaths(Object.assign(Object.create(null), { a: '\u0000' }))).toEqual(['a']);
    expect(forbiddenCharacterPaths(new Date())).toEqual([]);
  });
});
