import { describe, expect, it } from 'vitest';
import type { Texts } from '../lib/i18n.ts';
import { defined } from '../lib/test-defined.ts';

/*
 * Every text a screen names must be in a namespace that screen reads: the texts are split into
 * chunks loaded with their pages (lib/i18n.ts), and a key that moved to another chunk would show as
 * its bare name on the page. Checked for every source file at once, in German (the other tests of this
 * folder check that English has the same keys).
 */

const files = import.meta.glob<Texts>('./de/*.json', { import: 'default', eager: true });

function keysOf(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** The keys of each namespace, plural forms (`count_one`) also under their base key. */
const known = new Map<string, Set<string>>(
  Object.entries(files).map(([file, texts]) => {
    const ns = defined(/\/(\w+)\.json$/.exec(file)?.[1]);
    const keys = keysOf(texts as object);
    return [ns, new Set([...keys, ...keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''))])];
  }),
);

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*-test-support.tsx', '!../locales/**'],
  { query: '?raw', import: 'default', eager: true },
);

/**
 * The namespaces a piece of source asks for: each `useTranslation` call's (none named: `common`),
 * `admin` for the back office's `useAdminLabels`; null when one is a variable (a component told its
 * namespace by its caller, which this check cannot follow).
 */
function namespacesOf(src: string): string[] | null {
  const names = new Set<string>();
  for (const m of src.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const args = (m[1] ?? '').trim();
    if (args === '') names.add('common');
    else if (!args.includes("'")) return null;
    for (const n of args.matchAll(/'(\w+)'/g)) names.add(defined(n[1]));
  }
  if (/useAdminLabels\(\)/.test(src)) names.add('admin');
  return [...names];
}

describe('text namespaces', () => {
  it('give every screen each key it names, in a namespace it reads', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, src] of Object.entries(sources)) {
      const inFile = namespacesOf(src);
      // each top-level declaration (a component, a hook) by the namespaces it asks for itself; one
      // that asks for none was handed its `t`, so it may read what the file's components read
      for (const part of src.split(/\n(?=(?:export )?(?:function|const) )/)) {
        const own = namespacesOf(part);
        const namespaces = own === null || inFile === null ? [] : own.length > 0 ? own : inFile;
        const keys = [
          ...[...part.matchAll(/\bt\(\s*'([\w.:]+)'/g)].map((m) => defined(m[1])),
          ...[...part.matchAll(/i18nKey="([\w.:]+)"/g)].map((m) => defined(m[1])),
        ];
        for (const key of keys) {
          const [ns, bare] = key.includes(':') ? key.split(':') : [undefined, key];
          const candidates = ns ? [ns] : namespaces;
          if (candidates.length === 0) continue; // a helper handed its `t`, or a namespace told by a caller
          checked += 1;
          if (!candidates.some((n) => known.get(n)?.has(defined(bare)))) missing.push(`${file}: ${key}`);
        }
        // a key chosen at run time (`product.labels.${label}`): its group is in a namespace read here
        for (const m of part.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)) {
          if (namespaces.length === 0) continue;
          const group = `${defined(m[1])}.`;
          checked += 1;
          if (!namespaces.some((n) => [...(known.get(n) ?? [])].some((k) => k.startsWith(group))))
            missing.push(`${file}: ${group}*`);
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});
