import { i18n } from '../../lib/i18n.ts';
import de from '../../locales/de/admin.json';
import en from '../../locales/en/admin.json';

/**
 * The `admin` texts travel in the admin chunk (both languages, a few KB), so the investor app's
 * first paint carries none of them and a language switch inside the admin area needs no request.
 */
for (const [language, texts] of [
  ['de', de],
  ['en', en],
] as const) {
  if (!i18n.hasResourceBundle(language, 'admin')) i18n.addResourceBundle(language, 'admin', texts);
}

export const adminNamespace = 'admin';
