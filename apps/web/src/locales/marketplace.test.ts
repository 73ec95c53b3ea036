import { clientErrorCatalogue, errorCatalogue, violationCatalogue } from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import { defined } from '../lib/test-defined.ts';
import de from './de/marketplace.json';
import en from './en/marketplace.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

// The marketplace pages that read the `marketplace` namespace.
const sources = import.meta.glob<string>(
  [
    '../features/browse/**/*.{ts,tsx}',
    '../features/products/bid-dialog.tsx',
    '../features/products/collectible-details.tsx',
    '!**/*.test.*',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

describe('marketplace texts', () => {
  it('German and English have the same keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect([...entries(de), ...entries(en)].filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('hold every key the marketplace pages use', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(defined(m[1]));
    }
    expect(used.size).toBeGreaterThan(15);
    // a counted text is present as its plural forms (`_one`, `_other`)
    for (const r of ['bid_over_balance', 'bid_too_low', 'bid_unreadable']) used.add(`bid.errors.${r}`);
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
