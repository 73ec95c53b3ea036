import { describe, expect, it } from 'vitest';
import { platformDayOf } from '../calendar/index.ts';
import { paymentDueAt, paymentTermDays } from './payment-due.ts';

describe('payment due (decision 013: the end of the Berlin day 14 days after the order)', () => {
  it.each([
    // [placed at, due day, expires after]
    ['2026-11-27T10:00:00Z', '2026-12-11', '2026-12-11T22:59:59.999Z'],
    // 23:30 UTC on 31 December is New Year in Berlin: the 14 days count from 1 January
    ['2026-12-31T23:30:00Z', '2027-01-15', '2027-01-15T22:59:59.999Z'],
    // 00:30 summer time on 21 October, due after winter time began: a plain 14 × 24 h ended on 3 November
    ['2026-10-20T22:30:00Z', '2026-11-04', '2026-11-04T22:59:59.999Z'],
    // 23:30 winter time on 20 March, due in summer time: a plain 14 × 24 h ended on 4 April
    ['2026-03-20T22:30:00Z', '2026-04-03', '2026-04-03T21:59:59.999Z'],
    ['2028-02-15T12:00:00Z', '2028-02-29', '2028-02-29T22:59:59.999Z'],
  ])('placed %s: due on %s, expires after %s', (placed, dueDay, expires) => {
    const due = paymentDueAt(new Date(placed), 14);
    expect(due.toISOString()).toBe(expires);
    expect(platformDayOf(due)).toBe(dueDay);
    // the invoice issued at the same moment states the same term, so its due date is the same day
    expect(paymentTermDays(new Date(placed), due)).toBe(14);
  });

  it('never states a negative term', () => {
    expect(paymentTermDays(new Date('2026-12-20T10:00:00Z'), new Date('2026-12-11T10:00:00Z'))).toBe(0);
  });
});
