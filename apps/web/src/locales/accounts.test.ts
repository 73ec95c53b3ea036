import { companyTypes, passwordRules, salutations } from '@token/domain/accounts';
import {
  errorCatalogue as errorMessages,
  violationCatalogue as violationMessages,
} from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import { defined } from '../lib/test-defined.ts';
import de from './de/accounts.json';
import en from './en/accounts.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

const sources = import.meta.glob<string>('../features/accounts/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('accounts texts', () => {
  it('German and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('hold every key the account screens use', () => {
    const used = new Set<string>();
    for (const src of Object.values(sources)) {
      for (const m of src.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(defined(m[1]));
      for (const m of src.matchAll(/i18nKey="([\w.]+)"/g)) used.add(defined(m[1]));
    }
    for (const c of companyTypes) used.add(`companyTypes.${c}`);
    for (const s of salutations) used.add(`salutations.${s}`);
    for (const r of passwordRules) used.add(`password.rules.${r}`);
    for (const x of ['resetPassword', 'resendVerification'])
      for (const k of ['title', 'intro', 'submit', 'sent', 'sentText']) used.add(`${x}.${k}`);
    expect(used.size).toBeGreaterThan(100);
    const known = new Set(keys(de));
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });

  it('hold no second copy of the error catalogue (errors come from @token/domain/errors)', () => {
    const catalogue = new Set<string>(
      [...Object.values(errorMessages), ...Object.values(violationMessages)].flatMap((m) => [m.de, m.en]),
    );
    const copies = [...entries(de), ...entries(en)].filter(([, v]) => catalogue.has(v));
    expect(copies).toEqual([]);
  });
});
