/*
 * Calendar days (`YYYY-MM-DD`, the contract's date strings) and the platform's "today".
 *
 * Every date rule of the platform (minimum age, documents not older than three months, invoice
 * year, expiry of unpaid orders) counts by the calendar of Europe/Berlin, whatever the time zone of
 * the server or of the investor's device: decision 012. The API and the web ask these functions, so
 * a form never offers or refuses a day the API would answer otherwise.
 */

/** The time zone whose calendar decides "today" for every date rule (the platform is German). */
export const platformTimeZone = 'Europe/Berlin';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

// en-CA formats as YYYY-MM-DD. Built once: Intl formatters are costly to construct.
const platformDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: platformTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`) an instant falls on in Berlin. */
export function platformDayOf(instant: Date): string {
  return platformDayFormat.format(instant);
}

/** The platform's "today" (`YYYY-MM-DD` in Berlin): 23:30 UTC on 31 December is already 1 January. */
export function platformToday(now: Date = new Date()): string {
  return platformDayOf(now);
}

/** The number of days of a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return utcDay(year, month + 1, 0).getUTCDate();
}

/** Midnight UTC of a day given by parts that may overflow (day 0 is the month's eve); years below 100 stay. */
function utcDay(year: number, month: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

/** A `YYYY-MM-DD` string as [year, month (1-12), day], or null when it is no real calendar day. */
export function parseIsoDate(value: string): [number, number, number] | null {
  const m = isoDatePattern.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 2023-02-29, no 2024-13-01). */
export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function isoDateOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parsed(date: string): [number, number, number] {
  const p = parseIsoDate(date);
  if (!p) throw new Error(`not a calendar day: ${date}`);
  return p;
}

/**
 * `date` moved by whole calendar months; a day that does not exist in the target month becomes its
 * last day (31 May minus 3 months is 28/29 February).
 */
export function addCalendarMonths(date: string, months: number): string {
  const [y, m, d] = parsed(date);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return isoDateOf(year, month, Math.min(d, daysInMonth(year, month)));
}

/** `date` moved by whole calendar years (29 February of a leap year becomes 28 February). */
export function addCalendarYears(date: string, years: number): string {
  return addCalendarMonths(date, years * 12);
}

/** `date` moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parsed(date);
  const moved = utcDay(y, m, d + days);
  return isoDateOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parsed(from);
  const [ty, tm, td] = parsed(to);
  return Math.round((utcDay(ty, tm, td).getTime() - utcDay(fy, fm, fd).getTime()) / 86_400_000);
}

const platformClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: platformTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Berlin's clock is ahead of UTC at `instant`, in milliseconds (1 or 2 hours). */
function platformOffsetMs(instant: number): number {
  const part: Record<string, number> = {};
  for (const p of platformClockFormat.formatToParts(instant)) part[p.type] = Number(p.value);
  const wall = utcDay(part.year!, part.month!, part.day!).getTime();
  const wallTime = wall + ((part.hour! * 60 + part.minute!) * 60 + part.second!) * 1000;
  return wallTime - Math.floor(instant / 1000) * 1000;
}

/**
 * The last millisecond of a day in Berlin (23:59:59.999 local time): a deadline "by 08.12.2026" holds
 * for the whole of that day, and the instant still reads as that day wherever it is shown in Berlin.
 */
export function endOfPlatformDay(day: string): Date {
  const [y, m, d] = parsed(day);
  const nextMidnightUtc = utcDay(y, m, d + 1).getTime();
  // Berlin's offset at its own midnight; changes of offset happen at 01:00 UTC, never near midnight.
  const offset = platformOffsetMs(nextMidnightUtc - 2 * 3_600_000);
  return new Date(nextMidnightUtc - offset - 1);
}
