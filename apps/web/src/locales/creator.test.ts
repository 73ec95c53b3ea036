import { clientErrorCatalogue, errorCatalogue, violationCatalogue } from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import { defined } from '../lib/test-defined.ts';
import de from './de/creator.json';
import en from './en/creator.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

// The create-content pages that read the `creator` namespace.
const sources = import.meta.glob<string>(['../features/create-content/**/*.{ts,tsx}', '!**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('creator texts', () => {
  it('German and English have the same keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect([...entries(de), ...entries(en)].filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('hold every key the create-content pages use', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(defined(m[1]));
    }
    expect(used.size).toBeGreaterThan(15);
    // texts named by a template: the review states and the sections per language
    for (const s of ['pending', 'approved', 'rejected']) used.add(`states.${s}`).add(`states.${s}Text`);
    for (const l of ['de', 'en']) used.add(`form.sections.texts_${l}`);
    for (const k of ['single', 'multiple']) used.add(`form.${k}`).add(`form.${k}Text`);
    const present = new Set(keys(de).map((k) => k.replace(/_(one|other)$/, '')));
    expect([...used].filter((k) => !present.has(k))).toEqual([]);
  });

  it('hold no second copy of the error catalogue', () => {
    const catalogue = [errorCatalogue, clientErrorCatalogue, violationCatalogue].flatMap((c) =>
      Object.values(c).flatMap((entry: { de: string; en: string }) => [entry.de, entry.en]),
    );
    for (const file of [de, en]) {
      expect(entries(file).filter(([, v]) => catalogue.includes(v))).toEqual([]);
    }
  });
});
