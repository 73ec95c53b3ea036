import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessages } from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import de from './de/common.json';
import en from './en/common.json';

function keysOf(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('locale files', () => {
  it('German and English have the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });

  it('translate every machine error code the API sends, plus the spec 8 fallbacks', () => {
    const codes = [...Object.keys(errorMessages), 'fetch_failed', 'unexpected'];
    for (const code of codes) {
      expect(de.errors, code).toHaveProperty(code);
      expect(en.errors, code).toHaveProperty(code);
    }
  });

  it('use the spec 8 wording in English', () => {
    expect(en.errors.fetch_failed).toBe('There was an error while fetching the data');
    expect(en.errors.unexpected).toBe('There was an unexpected error');
    expect(en.navigation.leaveProcess).toBe('All prepared information will be lost, are you sure to exit?');
  });

  it('give index.html the German description the pages set, until a page sets its own', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const content = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(content).toBe(de.meta.description);
  });
});
