import { companyTypes, passwordRules, salutations } from '@token/domain/accounts';
import {
  errorCatalogue as errorMessages,
  violationCatalogue as violationMessages,
} from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
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

/** The German keys of each namespace (`accounts` public, `account` logged-in, `emailLinks`). */
const known = {
  accounts: new Set(keys(de)),
  account: new Set(keys(deAccount)),
  emailLinks: new Set(keys(deLinks)),
};

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

  // keys a screen names statically are checked for every screen in namespaces.test.ts
  it('hold the keys the screens choose at run time', () => {
    const missing: string[] = [];
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
