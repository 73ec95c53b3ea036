import { describe, expect, it } from 'vitest';
import { defined } from '../lib/test-defined.ts';
import deBanners from './de/banners.json';
import de from './de/common.json';

function keysOf(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// the shell's own pieces: banners and checker (their `banners` texts, with `common`), wallet button, banned page
const sources = import.meta.glob<string>(
  [
    '../features/banners/**/*.{ts,tsx}',
    '../features/wallet-extension/**/*.{ts,tsx}',
    '../features/system/banned-page.tsx',
    '!**/*.test.*',
    '!**/*-test-support.tsx',
    '!../features/banners/closed-banners.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

describe('texts of the banners, the notification checker and the wallet button', () => {
  it('hold every key those pieces use, the ones chosen at run time included', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(defined(m[1]));
      for (const m of src.matchAll(/'(banners\.[\w.]+)'/g)) used.add(defined(m[1]));
    }
    for (const d of ['passed', 'under_review', 'not_confirmed']) used.add(`checker.kyc.${d}`);
    expect(used.size).toBeGreaterThan(25);
    const known = new Set([...keysOf(de), ...keysOf(deBanners)]);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});
