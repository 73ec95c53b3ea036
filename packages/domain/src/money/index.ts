import type { Locale } from '../i18n/index.ts';

const intlLocale: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale[locale], {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats integer cents as money (spec 9: euro with no decimals, or two decimals with fraction).
 * `fraction: 'auto'` shows cents only when there are any: 1.000 € but 1.000,50 €.
 * No-decimals rounds half away from zero on whole cents, never through floating euros.
 */
export function formatMoney(
  cents: number,
  opts: { locale?: Locale; currency?: string; fraction?: 'none' | 'always' | 'auto' } = {},
): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const { locale = 'de', currency = 'EUR', fraction = 'always' } = opts;
  const withFraction = fraction === 'always' || (fraction === 'auto' && cents % 100 !== 0);
  if (withFraction) return formatter(locale, currency, 2).format(cents / 100);
  const sign = cents < 0 ? -1 : 1;
  const euros = sign * Math.floor((Math.abs(cents) + 50) / 100);
  return formatter(locale, currency, 0).format(euros);
}

/** spec 5/9: an entered price converts to cents (times 100), exactly, without float drift. */
export function eurosToCents(input: string | number): number | null {
  const text = String(input).trim().replace(/\s/g, '');
  const normalised = /,\d{1,2}$/.test(text)
    ? text.replace(/\./g, '').replace(',', '.')
    : text.replace(/,/g, '');
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(normalised);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0);
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' ? -cents : cents;
}
