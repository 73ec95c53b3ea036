import { describe, expect, it } from 'vitest';
import { rankByQuality } from './index.ts';

describe('rankByQuality', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['application/json', ['application/json']],
    ['text/html;q=0.5, application/ld+json', ['application/ld+json', 'text/html']],
    ['en-US,en;q=0.9,de;q=0.8', ['en-us', 'en', 'de']],
    ['gzip;q=0, br', ['br']],
    ['a;q=0.5, b;q=0.5, c', ['c', 'a', 'b']],
    ['x;q=abc, y', ['y']],
    ['Application/JSON; charset=utf-8', ['application/json']],
    [' , ;q=1', []],
  ] as const)('%s -> %j', (header, expected) => {
    expect(rankByQuality(header)).toEqual(expected);
  });
});
