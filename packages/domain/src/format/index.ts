import type { Locale } from '../i18n/index.ts';
import { formatMoney } from '../money/index.ts';

const intlLocale: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/**
 * Euro from integer cents (spec 9: no decimals, or two decimals with fraction).
 * `fraction: 'auto'` shows cents only when there are any; German format unless told otherwise.
 */
export function formatEuro(
  cents: number,
  opts: { locale?: Locale; fraction?: 'none' | 'always' | 'auto' } = {},
): string {
  return formatMoney(cents, {
    locale: opts.locale ?? 'de',
    currency: 'EUR',
    fraction: opts.fraction ?? 'auto',
  });
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let f = dateFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale[locale], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
      timeZone: 'Europe/Berlin',
    });
    dateFormatters.set(key, f);
  }
  return f;
}

/** A calendar date from an ISO date (`2031-06-30`) or date-time, shown as the platform's German date. */
function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare ISO date means that calendar day, not midnight UTC shifted into another day.
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * spec 9: dates are shown in German format (`30.06.2031`); English readers get `30/06/2031`.
 * Unparseable input comes back unchanged rather than as "Invalid Date".
 */
export function formatDate(value: string | Date, opts: { locale?: Locale } = {}): string {
  const d = toDate(value);
  if (!d) return String(value);
  return dateFormatter(opts.locale ?? 'de', false).format(d);
}

/** A point in time with hours and minutes in Berlin time (`05.01.2026, 10:00`). */
export function formatDateTime(value: string | Date, opts: { locale?: Locale } = {}): string {
  const d = toDate(value);
  if (!d) return String(value);
  return dateFormatter(opts.locale ?? 'de', true).format(d);
}

/** Whole numbers with the locale's grouping (`5.000.000` in German). */
export function formatNumber(value: number, opts: { locale?: Locale; maximumFractionDigits?: number } = {}) {
  return new Intl.NumberFormat(intlLocale[opts.locale ?? 'de'], {
    maximumFractionDigits: opts.maximumFractionDigits ?? 0,
  }).format(value);
}

/** A percentage given as a decimal string or number (`"5.50"` -> `5,50 %`). */
export function formatPercent(value: string | number, opts: { locale?: Locale } = {}): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(intlLocale[opts.locale ?? 'de'], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n / 100);
}

/** spec 9: a wallet address shows its first 5 and last 4 characters (`0x123…abcd`). */
export function shortenAddress(address: string): string {
  const a = address.trim();
  if (a.length <= 10) return a;
  return `${a.slice(0, 5)}…${a.slice(-4)}`;
}

/**
 * A German commercial register entry as companies print it ("Amtsgericht Charlottenburg HRB 234567 B")
 * split into the register court's seat and the register number, so each language can word the
 * court itself; null when the entry does not read that way.
 */
export function parseCommercialRegister(entry: string): { court: string; number: string } | null {
  const match = /^(?:Amtsgericht|AG)\s+(.+?),?\s+((?:HRA|HRB|GnR|PR|VR)\s*\d+(?:\s*[A-Z]{1,2})?)$/.exec(
    entry.trim(),
  );
  return match ? { court: match[1]!, number: match[2]! } : null;
}
