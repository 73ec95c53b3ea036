import { platformDayOf } from '../calendar/index.ts';

/*
 * Invoice numbers (§ 14 (4) Nr. 4 UStG: unique, one series): `YYYY-NNNNNN`, a gap-free series per
 * year, the year of the invoice's date, and that date is the platform's calendar day (decision 013).
 * The database allocates them in `place_order_hold` (migrations 0010, 0011) under the bond's lock;
 * this is the rule it mirrors, and a test of the API holds the two equal.
 */

/** The year whose series numbers an invoice issued at `issuedAt`: the year of Berlin's day. */
export function invoiceYearOf(issuedAt: Date): number {
  return Number(platformDayOf(issuedAt).slice(0, 4));
}

/** The invoice number of the `sequence`-th invoice of `year` (`2026-000042`). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** The number's parts, or null when it is no invoice number. */
export function parseInvoiceNumber(number: string): { year: number; sequence: number } | null {
  const m = /^(\d{4})-(\d{6})$/.exec(number);
  return m ? { year: Number(m[1]), sequence: Number(m[2]) } : null;
}
