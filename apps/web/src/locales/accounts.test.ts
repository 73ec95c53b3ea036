import { companyTypes, passwordRules, salutations } from '@token/domain/accounts';
import {
  errorCatalogue as errorMessages,
  violationCatalogue as violationMessages,
} from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import { defined } from '../lib/test-defined.ts';
import deAccount from './de/account.json';
import de from './de/accounts.json';
import deLinks from './de/emailLinks.json';
import enAccount from './en/account.json';
import en from './en/accounts.json';
import enLinks from './en/emailLinks.json';

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

const sources = import.meta.glob<string>(
  ['../features/accounts/**/*.{ts,tsx}', '../features/referrals/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

/** The German keys of each namespace a file may read (`accounts` public, `account` logged-in, `emailLinks`). */
const known = {
  accounts: new Set(keys(de)),
  account: new Set(keys(deAccount)),
  emailLinks: new Set(keys(deLinks)),
};
type Namespace = keyof typeof known;

/** The namespaces a source file's `useTranslation` calls name (one file may have several calls). */
function namespacesOf(src: string): Namespace[] {
  const names = new Set<Namespace>();
  for (const m of src.matchAll(/useTranslation\(([^)]*)\)/g))
    for (const n of (m[1] ?? '').matchAll(/'(\w+)'/g))
      if (n[1] === 'accounts' || n[1] === 'account' || n[1] === 'emailLinks') names.add(n[1]);
  return [...names];
}

describe('accounts texts', () => {
  it('German and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(keys(enAccount).sort()).toEqual(keys(deAccount).sort());
    expect(keys(enLinks).sort()).toEqual(keys(deLinks).sort());
  });

  it('split the logged-in area from the public pages: no key in both namespaces', () => {
    expect([...known.account].filter((k) => known.accounts.has(k))).toEqual([]);
    expect([...known.emailLinks].filter((k) => known.accounts.has(k))).toEqual([]);
  });

  it('hold every key the account screens use, in a namespace the screen reads', () => {
    const missing: string[] = [];
    let used = 0;
    for (const [file, src] of Object.entries(sources)) {
      const namespaces = namespacesOf(src);
      if (namespaces.length === 0) continue;
      const inFile = [
        ...[...src.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => defined(m[1])),
        ...[...src.matchAll(/i18nKey="([\w.]+)"/g)].map((m) => defined(m[1])),
      ];
      for (const key of inFile) {
        used += 1;
        if (!namespaces.some((ns) => known[ns].has(key))) missing.push(`${file}: ${key}`);
      }
    }
    const generated = [
      ...companyTypes.map((c) => `companyTypes.${c}`),
      ...salutations.map((s) => `salutations.${s}`),
      ...passwordRules.map((r) => `password.rules.${r}`),
    ];
    for (const key of generated) if (!known.accounts.has(key)) missing.push(key);
    const linkForms = ['resetPassword', 'resendVerification'].flatMap((x) =>
      ['title', 'intro', 'submit', 'sent', 'sentText'].map((k) => `${x}.${k}`),
    );
    for (const key of linkForms) if (!known.emailLinks.has(key)) missing.push(key);
    expect(used).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('give the pages outside the account area the account texts they name', () => {
    const outside = import.meta.glob<string>(
      ['../features/**/*.tsx', '../app/*.tsx', '!../features/accounts/**', '!**/*.test.tsx'],
      { query: '?raw', import: 'default', eager: true },
    );
    const missing: string[] = [];
    for (const [file, src] of Object.entries(outside))
      for (const m of src.matchAll(/'(accounts?):([\w.]+)'/g)) {
        const ns = m[1] as Namespace;
        if (!known[ns].has(defined(m[2]))) missing.push(`${file}: ${m[1]}:${m[2]}`);
      }
    expect(missing).toEqual([]);
  });

  it('hold no second copy of the error catalogue (errors come from @token/domain/errors)', () => {
    const catalogue = new Set<string>(
      [...Object.values(errorMessages), ...Object.values(violationMessages)].flatMap((m) => [m.de, m.en]),
    );
    const copies = [de, en, deAccount, enAccount, deLinks, enLinks]
      .flatMap((f) => entries(f))
      .filter(([, v]) => catalogue.has(v));
    expect(copies).toEqual([]);
  });
});
