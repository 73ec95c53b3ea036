import { defaultLocale, isLocale, type Locale } from '@token/domain/i18n';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

const storageKey = 'locale';

/** The language the visitor chose last (kept across reloads), else German (spec 9). */
function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(storageKey);
    if (isLocale(saved)) return saved;
  } catch {
    // storage can be blocked; German it is
  }
  return defaultLocale;
}

/**
 * `common` (header, footer, shared words) in its own chunk per language: a page loads the one it is
 * shown in before its first render (main.tsx awaits `i18n.changeLanguage`, the server render
 * preloads it, decision 021), the other language on a switch.
 */
const commonFiles = import.meta.glob<ResourceKey>('../locales/*/common.json', { import: 'default' });

/**
 * Namespaces loaded with the pages that use them, so their text is not part of the first paint:
 * `accounts` (login, registration, account area), `onboarding` (the self-disclosure), `orders` (the
 * order process, orders and invoices), `register` (the depot, transfers, register excerpts), `marketplace` (browse, categories and the other
 * collectibles pages), `creator` (creating and editing content, /created). A route's
 * `lazy()` awaits `loadNamespace` with its page module, so the page never renders before its text is there.
 */
const lazyNamespaceFiles = import.meta.glob<ResourceKey>(
  [
    '../locales/*/accounts.json',
    '../locales/*/collections.json',
    '../locales/*/creator.json',
    '../locales/*/onboarding.json',
    '../locales/*/orders.json',
    '../locales/*/register.json',
    '../locales/*/marketplace.json',
  ],
  { import: 'default' },
);
export type LazyNamespace =
  | 'accounts'
  | 'collections'
  | 'creator'
  | 'marketplace'
  | 'onboarding'
  | 'orders'
  | 'register';

const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const file = `../locales/${language}/${namespace}.json`;
    const load = namespace === 'common' ? commonFiles[file] : lazyNamespaceFiles[file];
    if (!load) return callback(null, {});
    load().then(
      (resources) => callback(null, resources),
      (err: Error) => callback(err, false),
    );
  },
};

/**
 * The language the server rendered this page in (decision 021), read before anything below sets
 * `<html lang>`; null when the page came as the client-rendered shell.
 */
export const serverRenderedLocale: Locale | null = (() => {
  if (typeof document === 'undefined' || !document.getElementById('ssr-state')) return null;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : null;
})();

export const i18n = i18next.createInstance();

void i18n
  .use(lazyNamespaceBackend)
  .use(initReactI18next)
  .init({
    lng: storedLocale(),
    // German for anything else, but no fallback between the two: both are complete
    // (locales/*.test.ts), and an English page must not load the German texts too
    fallbackLng: { de: [], en: [], default: [defaultLocale] },
    supportedLngs: ['de', 'en'],
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });

/** The Vite manifest key of a namespace's texts in a language (the server render preloads its chunk). */
export function textsModule(locale: Locale, namespace: 'common' | LazyNamespace): string {
  return `src/locales/${locale}/${namespace}.json`;
}

/** Resolves once the active language's `common` texts are there (before a first render). */
export function commonTextsReady(): Promise<void> {
  return i18n.loadNamespaces('common');
}

/** Loads a lazy namespace for the active language (and the German fallback). */
export function loadNamespace(namespace: LazyNamespace): Promise<void> {
  return i18n.loadNamespaces(namespace);
}

function applyToDocument(locale: string) {
  // the server render (decision 021) has no document; it writes `lang` into its HTML itself
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

/** The active language as a Locale (what API calls send as Accept-Language). */
export function currentLocale(): Locale {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(l) ? l : defaultLocale;
}

/** The cookie that tells the server render the visitor's language (decision 021), for a year. */
export const localeCookie = 'locale';

/** Remembers the language: localStorage for the browser, the `locale` cookie for the server render. */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // not remembered, still switched
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, no Cookie Store API in every browser
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** The language the visitor chose last (localStorage), or null when none was chosen. */
export function chosenLocale(): Locale | null {
  try {
    const saved = localStorage.getItem(storageKey);
    return isLocale(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** Switches the language and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await i18n.changeLanguage(locale);
}

/** The active language, re-rendering when it changes. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  const l = instance.resolvedLanguage ?? instance.language;
  return isLocale(l) ? l : defaultLocale;
}
