import { defaultLocale, isLocale, type Locale } from '@token/domain/i18n';
import { useMemo, useSyncExternalStore } from 'react';
import { type Texts, type TFunction, Translator } from './translator.ts';

export type { Texts, TFunction };

const storageKey = 'locale';

/** The language the visitor chose last (localStorage), or null when none was chosen. */
export function chosenLocale(): Locale | null {
  try {
    const saved = localStorage.getItem(storageKey);
    return isLocale(saved) ? saved : null;
  } catch {
    return null; // storage can be blocked
  }
}

/**
 * `common` (the shell: header, footer, shared words) in its own chunk per language: a page loads the one it is
 * shown in before its first render (main.tsx awaits `i18n.changeLanguage`, the server render
 * preloads it, decision 021), the other language on a switch.
 */
const commonFiles = import.meta.glob<Texts>('../locales/*/common.json', { import: 'default' });

/**
 * Namespaces loaded with the pages that use them, so their text is not part of the first paint:
 * `accounts` (login, registration, the account fields), `emailLinks` (password reset and the
 * e-mailed links' pages), `account` (the logged-in account
 * area: overview, profile, password, e-mail, two-factor, devices, referrals), `onboarding` (the self-disclosure), `orders` (the
 * order process, orders and invoices), `register` (the depot, transfers, register excerpts), `marketplace` (browse, categories and the other
 * collectibles pages), `creator` (creating and editing content, /created), `home` (the home page),
 * `products` (product cards, the product page's offer, the search page), `contact` (the contact
 * page), `banners` (the logged-in banners and the notification checker, loaded with them). A route's
 * `lazy()` awaits `loadNamespace` with its page module, so the page never renders before its text is there.
 */
const lazyNamespaceFiles = import.meta.glob<Texts>(
  [
    '../locales/*/account.json',
    '../locales/*/accounts.json',
    '../locales/*/banners.json',
    '../locales/*/collections.json',
    '../locales/*/contact.json',
    '../locales/*/creator.json',
    '../locales/*/emailLinks.json',
    '../locales/*/home.json',
    '../locales/*/onboarding.json',
    '../locales/*/orders.json',
    '../locales/*/products.json',
    '../locales/*/register.json',
    '../locales/*/marketplace.json',
  ],
  { import: 'default' },
);
/**
 * A text namespace: `common` (always there), one loaded with its pages, or `admin` (bundled with
 * the back office's chunk, features/admin/admin-texts.ts).
 */
export type Namespace = 'common' | 'admin' | LazyNamespace;
export type LazyNamespace =
  | 'account'
  | 'accounts'
  | 'banners'
  | 'collections'
  | 'contact'
  | 'creator'
  | 'emailLinks'
  | 'home'
  | 'marketplace'
  | 'onboarding'
  | 'orders'
  | 'products'
  | 'register';

function loadTexts(language: string, namespace: string): Promise<Texts> | undefined {
  const file = `../locales/${language}/${namespace}.json`;
  return (namespace === 'common' ? commonFiles[file] : lazyNamespaceFiles[file])?.();
}

/**
 * The language the server rendered this page in (decision 021), read before anything below sets
 * `<html lang>`; null when the page came as the client-rendered shell.
 */
export const serverRenderedLocale: Locale | null = (() => {
  if (typeof document === 'undefined' || !document.getElementById('ssr-state')) return null;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : null;
})();

/**
 * The app's texts (lib/translator.ts). It starts in the language the server rendered the page in,
 * else the visitor's stored choice, and fetches that language's `common` at once.
 */
export const i18n = new Translator({
  // else the visitor's last choice (kept across reloads), else German (spec 9)
  language: serverRenderedLocale ?? chosenLocale() ?? defaultLocale,
  defaultNamespace: 'common',
  load: loadTexts,
});
void i18n.loadNamespaces('common').catch(() => {
  // tried again by the first render's commonTextsReady
});

/** The Vite manifest key of a namespace's texts in a language (the server render preloads its chunk). */
export function textsModule(locale: Locale, namespace: 'common' | LazyNamespace): string {
  return `src/locales/${locale}/${namespace}.json`;
}

/**
 * Resolves once the active language's `common` texts are there (before a first render); should
 * their chunk not come, the app still starts (and a route's own texts try again).
 */
export function commonTextsReady(): Promise<void> {
  return i18n.loadNamespaces('common').catch(() => undefined);
}

/** Loads a lazy namespace for the active language. */
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
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
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

/** Switches the language and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * Counts the changes a rendered text can depend on: the language, and texts arriving (a lazy
 * namespace loading, a test adding a bundle). Components re-render when it moves.
 */
let textsRevision = 0;
const textsListeners = new Set<() => void>();
function textsChanged() {
  textsRevision += 1;
  for (const listener of textsListeners) listener();
}
i18n.on('languageChanged', textsChanged);
i18n.on('textsAdded', textsChanged);
function subscribeToTexts(listener: () => void): () => void {
  textsListeners.add(listener);
  return () => textsListeners.delete(listener);
}
const readTextsRevision = () => textsRevision;

/**
 * The texts of a namespace (default `common`) in the active language, re-rendering on a language
 * switch. With several namespaces a key is looked up in each in turn: the account area reads its
 * own `account` texts and the shared `accounts` field labels. Routes load a page's namespaces
 * before it renders (app/router.tsx), so this never waits (decision 021: it replaces
 * react-i18next's hook, whose suspense and provider machinery the app does not use).
 */
export function useTranslation(namespace: Namespace | Namespace[] = 'common'): { t: TFunction } {
  const revision = useSyncExternalStore(subscribeToTexts, readTextsRevision, readTextsRevision);
  const key = Array.isArray(namespace) ? namespace.join(' ') : namespace;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the namespaces, `revision` for the texts
  const t = useMemo(() => i18n.getFixedT(key.split(' ')), [key, revision]);
  return { t };
}

/** The active language, re-rendering when it changes. */
export function useLocale(): Locale {
  useSyncExternalStore(subscribeToTexts, readTextsRevision, readTextsRevision);
  return currentLocale();
}
