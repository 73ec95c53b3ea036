import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  addCalendarYears,
  addDays,
  daysBetween,
  daysInMonth,
  endOfPlatformDay,
  isIsoDate,
  parseIsoDate,
  platformDayOf,
  platformToday,
} from './index.ts';

describe('calendar days', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2025-1-01', false],
    ['24-01-01', false],
    ['01.02.2025', false],
    ['2025-12-31', true],
    ['1899-12-31', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
  ])('isIsoDate(%s) = %s', (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
    expect(parseIsoDate(value) !== null).toBe(ok);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2100, 2, 28],
    [2026, 4, 30],
    [2026, 12, 31],
    [50, 2, 28],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ['2025-05-31', -3, '2025-02-28'],
    ['2024-05-31', -3, '2024-02-29'],
    ['2025-03-15', -3, '2024-12-15'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2025-11-30', 3, '2026-02-28'],
    ['2025-07-10', -12, '2024-07-10'],
    ['2026-01-31', -3, '2025-10-31'],
  ])('addCalendarMonths(%s, %i) = %s', (date, months, expected) => {
    expect(addCalendarMonths(date, months)).toBe(expected);
  });

  it.each([
    ['2028-02-29', -18, '2010-02-28'],
    ['2026-11-27', -18, '2008-11-27'],
    ['2024-02-29', 1, '2025-02-28'],
  ])('addCalendarYears(%s, %i) = %s', (date, years, expected) => {
    expect(addCalendarYears(date, years)).toBe(expected);
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 1, '2026-03-30'], // the day Berlin moves to summer time has 23 hours; still one day
    ['2026-11-27', 14, '2026-12-11'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('refuses to move what is no calendar day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow();
    expect(() => addCalendarMonths('soon', 1)).toThrow();
  });
});

describe('the platform’s today is Berlin’s, whatever the machine’s time zone', () => {
  it.each([
    // winter, UTC+1
    ['2026-12-31T22:59:59Z', '2026-12-31'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
    ['2026-12-31T23:30:00Z', '2027-01-01'],
    // summer, UTC+2
    ['2026-06-30T21:59:59Z', '2026-06-30'],
    ['2026-06-30T22:30:00Z', '2026-07-01'],
    // leap day
    ['2028-02-28T23:30:00Z', '2028-02-29'],
    ['2028-02-29T23:30:00Z', '2028-03-01'],
  ])('%s is %s in Berlin', (instant, day) => {
    expect(platformDayOf(new Date(instant))).toBe(day);
    expect(platformToday(new Date(instant))).toBe(day);
  });
});

describe('days between and the end of a Berlin day', () => {
  it.each([
    ['2026-11-27', '2026-12-11', 14],
    ['2026-03-20', '2026-04-03', 14], // across the change to summer time
    ['2026-10-21', '2026-11-04', 14], // across the change to winter time
    ['2028-02-28', '2028-03-01', 2],
    ['2027-01-01', '2026-12-31', -1],
  ])('from %s to %s: %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2026-12-08', '2026-12-08T22:59:59.999Z'], // winter, UTC+1
    ['2026-07-01', '2026-07-01T21:59:59.999Z'], // summer, UTC+2
    ['2026-03-28', '2026-03-28T22:59:59.999Z'], // the night before summer time starts
    ['2026-03-29', '2026-03-29T21:59:59.999Z'], // the day summer time starts
    ['2026-10-24', '2026-10-24T21:59:59.999Z'], // the night before winter time
    ['2026-10-25', '2026-10-25T22:59:59.999Z'], // the day winter time starts
    ['2028-02-29', '2028-02-29T22:59:59.999Z'],
  ])('%s ends at %s', (day, instant) => {
    const end = endOfPlatformDay(day);
    expect(end.toISOString()).toBe(instant);
    expect(platformDayOf(end)).toBe(day);
    expect(platformDayOf(new Date(end.getTime() + 1))).toBe(addDays(day, 1));
  });
});
