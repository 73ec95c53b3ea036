import { addCalendarMonths, addDays } from '@token/domain/calendar';
import { isinFromWkn } from '../isin.ts';
import type { BondSeed, InterestPayment, Localised } from './bonds.ts';

/** Nominal amount of one bond token in cents (docs/demo-data.md: 1,00 € per token). */
export const NOMINAL_PER_TOKEN_CENTS = 100;

export const interestPaymentLabels: Record<InterestPayment, Localised> = {
  annual: { de: 'jährlich', en: 'annual' },
  semi_annual: { de: 'halbjährlich', en: 'semi-annual' },
  quarterly: { de: 'quartalsweise', en: 'quarterly' },
};

const paymentsPerYear: Record<InterestPayment, number> = { annual: 1, semi_annual: 2, quarterly: 4 };

/** The figures of a bond as its documents and attributes state them. */
export type BondFigures = {
  isin: string;
  /** ISO date: the day before interest start + term. */
  maturityDate: string;
  /** ISO dates of every interest payment until maturity. */
  interestDates: string[];
  tokens: number;
};

export function bondFigures(bond: BondSeed): BondFigures {
  // Each period ends the day before the next one starts.
  const endOfMonths = (months: number) => addDays(addCalendarMonths(bond.interestStart, months), -1);
  const step = 12 / paymentsPerYear[bond.interestPayment];
  const interestDates: string[] = [];
  for (let m = step; m <= bond.termMonths; m += step) interestDates.push(endOfMonths(m));
  return {
    isin: isinFromWkn(bond.wkn),
    maturityDate: endOfMonths(bond.termMonths),
    interestDates,
    tokens: bond.issueVolumeCents / NOMINAL_PER_TOKEN_CENTS,
  };
}

const deDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const deMoney = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const deNumber = new Intl.NumberFormat('de-DE');

/** 31.03.2031 */
export const formatDateDe = (iso: string) => deDate.format(new Date(`${iso}T00:00:00Z`));
/** 5.000.000,00 € */
export const formatCentsDe = (cents: number) => deMoney.format(cents / 100);
/** 5.000.000 */
export const formatNumberDe = (n: number) => deNumber.format(n);
/** "5.50" -> "5,50 %" */
export const formatRateDe = (rate: string) => `${rate.replace('.', ',')} %`;
