import { addDays, parseIsoDate } from '../calendar/index.ts';

/*
 * The TARGET2 calendar (regulatory notes, "Interest payments and redemption"): the days on which euro
 * payments settle. Closed on Saturdays, Sundays, 1 January, Good Friday, Easter Monday, 1 May, 25 and
 * 26 December (the ECB's closing days since 2002). Days are calendar days `YYYY-MM-DD`.
 */

/** How a payment date that falls on a closing day moves (regulatory notes: following, modified following). */
export const businessDayConventions = ['following', 'modified_following'] as const;
export type BusinessDayConvention = (typeof businessDayConventions)[number];

function parts(day: string): [number, number, number] {
  const p = parseIsoDate(day);
  if (!p) throw new RangeError(`not a calendar day: ${day}`);
  return p;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** The holidays on which TARGET2 closes in a year, besides weekends (a holiday may fall on one). */
export function target2Holidays(year: number): string[] {
  const easter = easterSunday(year);
  const y = String(year).padStart(4, '0');
  return [`${y}-01-01`, addDays(easter, -2), addDays(easter, 1), `${y}-05-01`, `${y}-12-25`, `${y}-12-26`];
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(day: string): number {
  const [y, m, d] = parts(day);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCDay();
}

/** Whether euro payments settle on this day (TARGET2 open). */
export function isTarget2BusinessDay(day: string): boolean {
  const wd = weekday(day);
  if (wd === 0 || wd === 6) return false;
  const [year, month, date] = parts(day);
  const md = `${pad(month)}-${pad(date)}`;
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false;
  const easter = easterSunday(year);
  return day !== addDays(easter, -2) && day !== addDays(easter, 1);
}

/** The day itself when TARGET2 is open, else the next day it is (ISDA 2006 4.12 "Following"). */
export function following(day: string): string {
  let d = day;
  while (!isTarget2BusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The day itself when TARGET2 is open, else the previous day it is ("Preceding"). */
export function preceding(day: string): string {
  let d = day;
  while (!isTarget2BusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** Following, unless that crosses into the next month: then the business day before (ISDA 2006 4.12). */
export function modifiedFollowing(day: string): string {
  const next = following(day);
  return next.slice(0, 7) === day.slice(0, 7) ? next : preceding(day);
}

/** The payment day of a scheduled (unadjusted) date under the bond's business-day convention. */
export function adjustToBusinessDay(day: string, convention: BusinessDayConvention): string {
  return convention === 'following' ? following(day) : modifiedFollowing(day);
}

/** `day` moved by `count` TARGET2 business days (negative: back); 0 gives the day itself. */
export function addTarget2BusinessDays(day: string, count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`count must be an integer, got ${count}`);
  const step = count < 0 ? -1 : 1;
  let d = day;
  for (let left = Math.abs(count); left > 0; ) {
    d = addDays(d, step);
    if (isTarget2BusinessDay(d)) left--;
  }
  return d;
}
