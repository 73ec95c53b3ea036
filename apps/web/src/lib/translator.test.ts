import { describe, expect, it, vi } from 'vitest';
import { type Texts, Translator } from './translator.ts';

const texts: Record<string, Record<string, Texts>> = {
  de: {
    common: {
      hello: 'Hallo {{name}}',
      nested: { deep: 'Tief: {{user.name}}' },
      items_one: '1 Stück',
      items_other: '{{count}} Stück',
      none_zero: 'keine',
      none_other: '{{count}} Einträge',
      buy: 'Zeichnen',
      buy_collectible: 'Kaufen',
      units_collectible_one: 'ein Werk',
      units_collectible_other: '{{count}} Werke',
      units_other: '{{count}} Token',
    },
    accounts: { title: 'Anmelden', shared: 'aus accounts' },
    account: { title: 'Konto' },
  },
  en: {
    common: { hello: 'Hello {{name}}', items_one: 'one piece', items_other: '{{count}} pieces' },
    accounts: { title: 'Log in' },
  },
};

function translator(language = 'de') {
  const load = vi.fn((lng: string, ns: string) => {
    const found = texts[lng]?.[ns];
    return found ? Promise.resolve(found) : undefined;
  });
  return { t: new Translator({ language, defaultNamespace: 'common', load }), load };
}

describe('Translator', () => {
  it('fills values in, nested paths too, and leaves nothing for a missing one', async () => {
    const { t: i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('hello', { name: 'Erika' })).toBe('Hallo Erika');
    expect(i18n.t('nested.deep', { user: { name: 'Jonas' } })).toBe('Tief: Jonas');
    expect(i18n.t('hello')).toBe('Hallo {{name}}');
    expect(i18n.t('hello', {})).toBe('Hallo ');
  });

  it('picks the plural form by the language, and the zero form for 0 where there is one', async () => {
    const { t: i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('items', { count: 1 })).toBe('1 Stück');
    expect(i18n.t('items', { count: 3 })).toBe('3 Stück');
    expect(i18n.t('items', { count: 0 })).toBe('0 Stück');
    expect(i18n.t('none', { count: 0 })).toBe('keine');
    expect(i18n.t('none', { count: 2 })).toBe('2 Einträge');
  });

  it('prefers the context variant (and its plural form), else the plain key', async () => {
    const { t: i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('buy', { context: 'collectible' })).toBe('Kaufen');
    expect(i18n.t('buy', { context: undefined })).toBe('Zeichnen');
    expect(i18n.t('buy', { context: 'other' })).toBe('Zeichnen');
    expect(i18n.t('units', { context: 'collectible', count: 1 })).toBe('ein Werk');
    expect(i18n.t('units', { context: 'collectible', count: 4 })).toBe('4 Werke');
    expect(i18n.t('units', { count: 4 })).toBe('4 Token');
  });

  it('reads namespaces in turn, honours ns:key, and answers the default value or the key when nothing has it', async () => {
    const { t: i18n } = translator();
    await i18n.loadNamespaces(['common', 'accounts', 'account']);
    const t = i18n.getFixedT(['account', 'accounts']);
    expect(t('title')).toBe('Konto');
    expect(t('shared')).toBe('aus accounts');
    expect(t('accounts:title')).toBe('Anmelden');
    expect(i18n.t('accounts:title')).toBe('Anmelden');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('accounts:missing')).toBe('missing');
    expect(t('missing', { defaultValue: 'Vorgabe {{x}}', x: 1 })).toBe('Vorgabe 1');
  });

  it('switches language only once every namespace asked for is there, and tells its listeners', async () => {
    const { t: i18n, load } = translator();
    await i18n.loadNamespaces(['common', 'accounts']);
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    const switching = i18n.changeLanguage('en');
    expect(i18n.language).toBe('de');
    await switching;
    expect(i18n.language).toBe('en');
    expect(changed).toHaveBeenCalledWith('en');
    expect(i18n.t('accounts:title')).toBe('Log in');
    expect(i18n.t('items', { count: 1 })).toBe('one piece');
    expect(load.mock.calls.map((c) => c.join('/')).sort()).toEqual([
      'de/accounts',
      'de/common',
      'en/accounts',
      'en/common',
    ]);
    // loaded once: a second request of a namespace that is there costs nothing
    await i18n.loadNamespaces('accounts');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('rejects when a namespace cannot be fetched, and tries again next time', async () => {
    let fail = true;
    const load = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ a: 'A' })));
    const i18n = new Translator({ language: 'de', defaultNamespace: 'common', load });
    await expect(i18n.loadNamespaces('common')).rejects.toThrow('offline');
    fail = false;
    await i18n.loadNamespaces('common');
    expect(i18n.t('a')).toBe('A');
  });

  it('tells when texts arrive, so screens that showed a key re-render', () => {
    const { t: i18n } = translator();
    const added = vi.fn();
    i18n.on('textsAdded', added);
    i18n.addResourceBundle('de', 'admin', { x: 'X' });
    expect(added).toHaveBeenCalledTimes(1);
    expect(i18n.hasResourceBundle('de', 'admin')).toBe(true);
    expect(i18n.getFixedT(['admin'])('x')).toBe('X');
  });
});
