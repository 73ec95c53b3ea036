import { describe, expect, it } from 'vitest';
import { type AccrualPeriod, accrualFraction, cycleDate, days30E360, isEndOfMonth } from './day-count.ts';
import { formatRational, toDecimalString } from './rational.ts';

const fraction = (p: AccrualPeriod) => formatRational(accrualFraction(p));
const decimal = (p: AccrualPeriod) => toDecimalString(accrualFraction(p), 12);

describe('ACT/ACT ICMA (Rule 251; examples of ISDA "EMU and Market Conventions", 1998)', () => {
  it('regular period: 1 Nov 2003 – 1 May 2004, semi-annual = 0.5', () => {
    expect(
      fraction({
        convention: 'act_act_icma',
        start: '2003-11-01',
        end: '2004-05-01',
        frequency: 'semi_annual',
      }),
    ).toBe('1/2');
  });

  it('short first period: 1 Feb 1999 – 1 Jul 1999, annual = 150/365', () => {
    const p = { start: '1999-02-01', end: '1999-07-01', frequency: 'annual' } as const;
    expect(fraction({ convention: 'act_act_icma', ...p })).toBe('30/73');
    expect(decimal({ convention: 'act_act_icma', ...p })).toBe('0.410958904110');
  });

  it('the regular period after it: 1 Jul 1999 – 1 Jul 2000 (a leap day inside) = 1', () => {
    expect(
      fraction({ convention: 'act_act_icma', start: '1999-07-01', end: '2000-07-01', frequency: 'annual' }),
    ).toBe('1');
  });

  it('long first period: 15 Aug 2002 – 15 Jul 2003, semi-annual = 153/368 + 181/362', () => {
    const p = {
      convention: 'act_act_icma',
      start: '2002-08-15',
      end: '2003-07-15',
      frequency: 'semi_annual',
    } as const;
    expect(decimal(p)).toBe('0.915760869565');
  });

  it('long first period, annual: 15 Aug 2002 – 15 Jul 2003 = 334/365', () => {
    expect(
      fraction({ convention: 'act_act_icma', start: '2002-08-15', end: '2003-07-15', frequency: 'annual' }),
    ).toBe('334/365');
  });

  it('short final period: 30 Jan 2000 – 30 Jun 2000, semi-annual, cycle on the 30th = 152/364', () => {
    const p = {
      convention: 'act_act_icma',
      start: '2000-01-30',
      end: '2000-06-30',
      frequency: 'semi_annual',
      cycleAnchor: '2000-01-30',
    } as const;
    expect(decimal(p)).toBe('0.417582417582');
  });

  it('long first period spanning a month-end cycle: quarterly, 30 Nov 1999 – 30 Apr 2000 (cycle 30 Apr)', () => {
    // Notional periods 31 Oct – 31 Jan (92 days, 62 accrued) and 31 Jan – 30 Apr (90 days, all accrued).
    const p = {
      convention: 'act_act_icma',
      start: '1999-11-30',
      end: '2000-04-30',
      frequency: 'quarterly',
    } as const;
    // 62 / (4 × 92) + 90 / (4 × 90) = 31/184 + 46/184
    expect(fraction(p)).toBe('77/184');
  });

  it('every regular monthly period is exactly 1/12, whatever its length', () => {
    for (const [start, end] of [
      ['2024-01-31', '2024-02-29'],
      ['2024-02-29', '2024-03-31'],
      ['2025-04-30', '2025-05-31'],
    ] as const) {
      expect(fraction({ convention: 'act_act_icma', start, end, frequency: 'monthly' })).toBe('1/12');
    }
  });

  it('an empty period accrues nothing; a reversed one is refused', () => {
    expect(
      fraction({ convention: 'act_act_icma', start: '2026-01-15', end: '2026-01-15', frequency: 'annual' }),
    ).toBe('0');
    expect(() =>
      accrualFraction({ convention: 'act_360', start: '2026-02-01', end: '2026-01-01', frequency: 'annual' }),
    ).toThrow(RangeError);
  });
});

describe('30E/360 "Eurobond basis" (2006 ISDA Definitions 4.16 (g), ISDA worked examples)', () => {
  it.each([
    ['2007-01-15', '2007-01-30', 15],
    ['2007-01-15', '2007-02-15', 30],
    ['2007-01-15', '2007-07-15', 180],
    ['2007-09-30', '2008-03-31', 180],
    ['2007-09-30', '2007-10-31', 30],
    ['2007-09-30', '2008-09-30', 360],
    ['2007-01-15', '2007-01-31', 15],
    ['2007-01-31', '2007-02-28', 28],
    ['2007-02-28', '2007-03-31', 32],
    ['2006-08-31', '2007-02-28', 178],
    ['2007-02-28', '2007-08-31', 182],
    ['2007-02-14', '2007-02-28', 14],
    ['2007-02-26', '2008-02-29', 363],
    ['2008-02-29', '2009-02-28', 359],
    ['2008-02-29', '2008-03-30', 31],
    ['2008-02-29', '2008-03-31', 31],
    ['2007-02-28', '2007-03-05', 7],
    ['2007-10-31', '2007-11-28', 28],
    ['2007-08-31', '2008-02-29', 179],
    ['2008-02-29', '2008-08-31', 181],
    ['2007-02-28', '2008-02-29', 361],
  ])('%s – %s: %i days', (start, end, days) => {
    expect(days30E360(start, end)).toBe(days);
    expect(accrualFraction({ convention: '30e_360', start, end, frequency: 'annual' })).toEqual(
      accrualFraction({
        convention: 'act_360',
        start: '2000-01-01',
        end: addDaysForTest(days),
        frequency: 'annual',
      }),
    );
  });
});

// 2000-01-01 plus n days, to compare a 30E/360 fraction with n/360.
function addDaysForTest(n: number): string {
  return new Date(Date.UTC(2000, 0, 1 + n)).toISOString().slice(0, 10);
}

describe('ACT/365 Fixed and ACT/360 (2006 ISDA Definitions 4.16 (d), (e))', () => {
  it.each([
    ['act_365_fixed', '2024-01-01', '2025-01-01', '366/365'], // a leap year is longer than 1
    ['act_365_fixed', '2025-01-01', '2025-07-01', '181/365'],
    ['act_360', '2025-01-01', '2025-07-01', '181/360'],
    ['act_360', '2024-01-01', '2025-01-01', '61/60'],
  ] as const)('%s %s – %s = %s', (convention, start, end, expected) => {
    expect(fraction({ convention, start, end, frequency: 'annual' })).toBe(expected);
  });
});

describe('cycleDate and the end-of-month rule', () => {
  it('counts from the anchor: 30 January stays the 30th after February', () => {
    expect(cycleDate('2025-01-30', 'monthly', 1)).toBe('2025-02-28');
    expect(cycleDate('2025-01-30', 'monthly', 2)).toBe('2025-03-30');
  });
  it('a month-end anchor keeps every date at month end', () => {
    expect(isEndOfMonth('2024-02-29')).toBe(true);
    expect(cycleDate('2025-01-31', 'monthly', 1)).toBe('2025-02-28');
    expect(cycleDate('2025-01-31', 'monthly', 3)).toBe('2025-04-30');
    expect(cycleDate('2024-02-29', 'semi_annual', 1)).toBe('2024-08-31');
    expect(cycleDate('2025-04-30', 'quarterly', 1)).toBe('2025-07-31');
    expect(cycleDate('2024-02-29', 'annual', -1)).toBe('2023-02-28');
  });
});
