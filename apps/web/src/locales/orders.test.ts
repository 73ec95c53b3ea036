import { clientErrorCatalogue, errorCatalogue, violationCatalogue } from '@token/domain/errors';
import { paymentStates } from '@token/domain/orders';
import { describe, expect, it } from 'vitest';
import { checkoutPages, checkoutSteps } from '../features/orders/components/checkout-steps.ts';
import { defined } from '../lib/test-defined.ts';
import de from './de/orders.json';
import en from './en/orders.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

const sources = import.meta.glob<string>(['../features/orders/**/*.{ts,tsx}', '!**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('orders texts', () => {
  it('German and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('hold every key the orders feature uses, the ones chosen at run time included', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(defined(m[1]));
    }
    for (const s of checkoutSteps) used.add(`process.steps.${s}`);
    for (const s of ['done', 'current', 'todo']) used.add(`process.state.${s}`);
    for (const p of Object.values(checkoutPages)) {
      used.add(`process.parts.${p.part}`);
      used.add(p.heading);
    }
    for (const r of ['base', 'assets', 'income']) used.add(`limit.reason.${r}`);
    for (const s of paymentStates) used.add(`details.paymentStates.${s}`);
    for (const m of ['offline', 'card']) used.add(`summary.methods.${m}`);
    for (const c of ['security', 'amount', 'date', 'price', 'status', 'number', 'invoice']) {
      used.add(`list.columns.${c}`);
    }
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
