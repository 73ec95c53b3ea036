import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientErrorCatalogue, errorCatalogue, violationCatalogue } from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import de from './de/common.json';
import en from './en/common.json';

function keysOf(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function valuesOf(obj: object): string[] {
  return Object.values(obj).flatMap((v) => (typeof v === 'object' && v !== null ? valuesOf(v) : [String(v)]));
}

describe('locale files', () => {
  it('German and English have the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });

  it('hold no second copy of the error catalogue: error and violation sentences come from the domain', () => {
    const catalogue = [errorCatalogue, clientErrorCatalogue, violationCatalogue].flatMap((c) =>
      Object.values(c).flatMap((entry: { de: string; en: string }) => [entry.de, entry.en]),
    );
    for (const [name, file] of [
      ['de', de],
      ['en', en],
    ] as const) {
      expect(file, name).not.toHaveProperty('errors');
      expect(file, name).not.toHaveProperty('validation');
      const copies = valuesOf(file).filter((v) => catalogue.includes(v));
      expect(copies, name).toEqual([]);
    }
  });

  it('use the spec wording in English', () => {
    expect(en.navigation.leaveProcess).toBe('All prepared information will be lost, are you sure to exit?');
  });

  it('give index.html the German description the pages set, until a page sets its own', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const content = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(content).toBe(de.meta.description);
  });
});
