import { describe, expect, it } from 'vitest';
import { changeLocale, i18n, loadNamespace } from './i18n.ts';

describe('lazy namespaces', () => {
  it('loads the accounts texts on demand and follows a language switch', async () => {
    await changeLocale('de');
    expect(i18n.hasResourceBundle('de', 'accounts')).toBe(false);
    await loadNamespace('accounts');
    expect(i18n.t('accounts:login.title')).toBe('Anmelden');
    await changeLocale('en');
    expect(i18n.t('accounts:login.title')).toBe('Log in');
    // the bundled namespace is untouched
    expect(i18n.t('header.login')).toBe('Log in');
  });
});
