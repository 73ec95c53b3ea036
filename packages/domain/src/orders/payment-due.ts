import { addDays, daysBetween, endOfPlatformDay, platformDayOf } from '../calendar/index.ts';

/**
 * The moment an unpaid bank-transfer order expires: the end of the Berlin day `paymentDays` days
 * after the day it was placed (decision 013). "Bitte überweisen Sie bis zum 11.12.2026" then holds
 * for the whole of that day, and the mail, the order page and the invoice all name the same day
 * whatever the hour of the order (a plain `placedAt + 14 × 24 h` fell on the day before or after
 * across a change of summer time, and expired in the middle of the day the mail named).
 */
export function paymentDueAt(placedAt: Date, paymentDays: number): Date {
  return endOfPlatformDay(addDays(platformDayOf(placedAt), paymentDays));
}

/** The invoice's payment term in days: from the day it is issued to the order's due day (Berlin). */
export function paymentTermDays(issuedAt: Date, dueAt: Date): number {
  return Math.max(0, daysBetween(platformDayOf(issuedAt), platformDayOf(dueAt)));
}
