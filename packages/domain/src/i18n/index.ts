import { rankByQuality } from '../http/index.ts';

/** spec 9: German and English; German is the default and the fallback. */
export const supportedLocales = ['de', 'en'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'de';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/**
 * Picks the first supported language from an explicit choice or an Accept-Language header
 * (`en-US,en;q=0.9,de;q=0.8`), honouring q-values; falls back to German.
 */
export function negotiateLocale(explicit: string | undefined, acceptLanguage: string | undefined): Locale {
  const pick = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];
  if (explicit) {
    const l = pick(explicit);
    if (isLocale(l)) return l;
  }
  for (const tag of rankByQuality(acceptLanguage)) {
    const l = pick(tag);
    if (isLocale(l)) return l;
  }
  return defaultLocale;
}

type TranslationsByLocale = Partial<Record<string, Record<string, unknown> | null | undefined>>;

/**
 * spec 9: one translated field in the wanted language, else German, else any language that has
 * it, field by field (an English row without a short description shows the German one).
 */
export function translatedField(
  translations: TranslationsByLocale,
  locale: Locale,
  field: string,
): string | null {
  const pick = (t: Record<string, unknown> | null | undefined) => {
    const v = t?.[field];
    return typeof v === 'string' && v !== '' ? v : null;
  };
  const own = pick(translations[locale]) ?? pick(translations[defaultLocale]);
  if (own !== null) return own;
  for (const t of Object.values(translations)) {
    const v = pick(t);
    if (v !== null) return v;
  }
  return null;
}
