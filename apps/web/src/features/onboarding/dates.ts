/** Calendar dates as `YYYY-MM-DD` strings (contract: dates are strings), in the visitor's own day. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on this device, `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (no 2023-02-30). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d;
}

/**
 * The date `months` months and `years` years before `iso`, the day clamped to the month's length
 * (31 May minus 3 months is 28/29 February, not 3 March).
 */
export function isoMinus(iso: string, opts: { years?: number; months?: number }): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - (opts.years ?? 0) * 12 - (opts.months ?? 0);
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(year, month + 1, 0).getDate();
  return `${year}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`;
}
