import { describe, expect, it } from 'vitest';
import {
  addTarget2BusinessDays,
  adjustToBusinessDay,
  easterSunday,
  following,
  isTarget2BusinessDay,
  modifiedFollowing,
  preceding,
  target2Holidays,
} from './target2.ts';

describe('easterSunday (Gregorian computus)', () => {
  it.each([
    [1818, '1818-03-22'], // earliest possible date
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'], // latest possible date
    [2285, '2285-03-22'],
  ])('%i: %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });
});

describe('TARGET2 closing days (as the ECB publishes them)', () => {
  it.each([
    [2024, ['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-01', '2024-12-25', '2024-12-26']],
    [2025, ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01', '2025-12-25', '2025-12-26']],
    [2026, ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26']],
    [2027, ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-12-25', '2027-12-26']],
    [2030, ['2030-01-01', '2030-04-19', '2030-04-22', '2030-05-01', '2030-12-25', '2030-12-26']],
  ])('%i', (year, holidays) => {
    expect(target2Holidays(year)).toEqual(holidays);
    for (const day of holidays) expect(isTarget2BusinessDay(day)).toBe(false);
  });

  it.each([
    ['2026-04-02', true], // Maundy Thursday is open
    ['2026-04-07', true], // Tuesday after Easter
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-11-30', true],
    ['2026-12-24', true], // Christmas Eve is open
    ['2026-12-31', true], // New Year's Eve is open
    ['2026-10-03', false], // German Unity Day is a Saturday in 2026 anyway
    ['2025-10-03', true], // German holidays do not close TARGET2
    ['2026-05-14', true], // Ascension Day is open
  ])('%s open: %s', (day, open) => {
    expect(isTarget2BusinessDay(day)).toBe(open);
  });
});

describe('business-day adjustment', () => {
  it.each([
    // day, following, modified following
    ['2026-11-30', '2026-11-30', '2026-11-30'], // a business day stays
    ['2026-05-01', '2026-05-04', '2026-05-04'], // 1 May on a Friday -> Monday
    ['2026-05-31', '2026-06-01', '2026-05-29'], // Sunday at month end: back to Friday
    ['2024-03-29', '2024-04-02', '2024-03-28'], // Good Friday at month end, Easter Monday 1 April
    ['2024-03-30', '2024-04-02', '2024-03-28'],
    ['2026-12-25', '2026-12-28', '2026-12-28'], // Christmas Friday, Saturday 26th
    ['2027-12-25', '2027-12-27', '2027-12-27'], // no substitute day for a holiday on a weekend
    ['2022-12-31', '2023-01-02', '2022-12-30'], // Saturday 31 December: back into the old year
    ['2026-01-01', '2026-01-02', '2026-01-02'],
    ['2025-02-28', '2025-02-28', '2025-02-28'],
    ['2026-02-28', '2026-03-02', '2026-02-27'], // Saturday 28 February
  ])('%s: following %s, modified following %s', (day, f, mf) => {
    expect(following(day)).toBe(f);
    expect(modifiedFollowing(day)).toBe(mf);
    expect(adjustToBusinessDay(day, 'following')).toBe(f);
    expect(adjustToBusinessDay(day, 'modified_following')).toBe(mf);
  });

  it('preceding goes back over Easter', () => {
    expect(preceding('2025-04-21')).toBe('2025-04-17');
  });
});

describe('addTarget2BusinessDays', () => {
  it.each([
    ['2025-04-22', 0, '2025-04-22'],
    ['2025-04-22', -1, '2025-04-17'], // over Easter Monday, the weekend and Good Friday
    ['2025-04-22', -2, '2025-04-16'],
    ['2026-01-05', -2, '2025-12-31'], // Monday back over the weekend and 1 January
    ['2026-12-23', 2, '2026-12-28'],
    ['2026-11-27', 1, '2026-11-30'],
  ])('%s %+i -> %s', (day, n, expected) => {
    expect(addTarget2BusinessDays(day, n)).toBe(expected);
  });

  it('refuses a day that is not a calendar day', () => {
    expect(() => isTarget2BusinessDay('2026-02-30')).toThrow(RangeError);
  });
});
