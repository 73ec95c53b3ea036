import type { Locale } from '@token/domain/i18n';
import type { DayCountConvention, PayoutStatus, PayoutType } from '@token/domain/servicing';

/*
 * The payout statement's texts in the investor's language (de, en); the layout is `statement-pdf.ts`'s.
 * The tax paragraph is one pure function (`taxParagraph`) so it can change alone once the decision
 * on withholding tax (decision 017, "Still open") is recorded.
 */

/** The texts of the payout statement in one language. */
export type StatementTexts = {
  title: Record<PayoutType, string>;
  number: (id: number) => string;
  statementDate: string;
  customerNumber: string;
  intro: Record<PayoutType, string>;
  bondHeading: string;
  bond: string;
  isin: string;
  issuer: string;
  type: string;
  typeName: Record<PayoutType, string>;
  calculationHeading: string;
  period: string;
  recordDate: string;
  paymentDate: string;
  tokens: string;
  nominal: string;
  couponRate: string;
  dayCount: string;
  accrualFraction: string;
  coupon: string;
  redemption: string;
  gross: string;
  status: string;
  statusName: Record<PayoutStatus, string>;
  taxHeading: string;
  platform: string;
  closing: string;
  page: (n: number, of: number) => string;
  dayCountName: Record<DayCountConvention, string>;
  country: (code: string) => string;
};

const countryNames: Record<Locale, Record<string, string>> = {
  de: {
    DE: 'Deutschland',
    AT: 'Österreich',
    CH: 'Schweiz',
    LU: 'Luxemburg',
    NL: 'Niederlande',
    FR: 'Frankreich',
  },
  en: { DE: 'Germany', AT: 'Austria', CH: 'Switzerland', LU: 'Luxembourg', NL: 'Netherlands', FR: 'France' },
};

const dayCountName: Record<DayCountConvention, string> = {
  act_act_icma: 'ACT/ACT (ICMA)',
  '30e_360': '30E/360',
  act_365_fixed: 'ACT/365 (Fixed)',
  act_360: 'ACT/360',
};

/** The payout statement's texts by language. */
export const statementTexts: Record<Locale, StatementTexts> = {
  de: {
    title: {
      interest: 'Abrechnung Zinszahlung',
      redemption: 'Abrechnung Rückzahlung',
      commission: 'Abrechnung Provision',
    },
    number: (id) => `Abrechnung Nr. ${id}`,
    statementDate: 'Datum',
    customerNumber: 'Kundennummer',
    intro: {
      interest: 'für Ihre Token der unten genannten Anleihe rechnen wir die Zinszahlung wie folgt ab:',
      redemption:
        'die unten genannte Anleihe ist fällig. Wir rechnen die Rückzahlung des Nennbetrags und die letzte Zinszahlung wie folgt ab:',
      commission: 'wir rechnen Ihre Provision wie folgt ab:',
    },
    bondHeading: 'Anleihe',
    bond: 'Anleihe',
    isin: 'ISIN',
    issuer: 'Emittentin',
    type: 'Art der Zahlung',
    typeName: {
      interest: 'Zinsen',
      redemption: 'Rückzahlung mit letzter Zinszahlung',
      commission: 'Provision',
    },
    calculationHeading: 'Berechnung',
    period: 'Zinsperiode',
    recordDate: 'Stichtag (Record Date)',
    paymentDate: 'Zahltag',
    tokens: 'Token im Bestand am Stichtag',
    nominal: 'Nennbetrag je Token',
    couponRate: 'Zinssatz p. a.',
    dayCount: 'Zinstagequotient',
    accrualFraction: 'Anteil des Jahreszinses',
    coupon: 'Zinsbetrag',
    redemption: 'Rückzahlung Nennbetrag',
    gross: 'Bruttobetrag',
    status: 'Status',
    statusName: {
      scheduled: 'Geplant – die Zahlung erfolgt zum Zahltag',
      processing: 'In Bearbeitung bei der Bank',
      paid: 'Ausgezahlt',
      failed: 'Fehlgeschlagen – wir melden uns bei Ihnen',
    },
    taxHeading: 'Steuerlicher Hinweis',
    platform: 'Plattform',
    closing:
      'Diese Abrechnung wurde maschinell erstellt und ist ohne Unterschrift gültig. Maßgeblich sind die Anleihebedingungen und das Kryptowertpapierregister am Stichtag.',
    page: (n, of) => `Seite ${n} von ${of}`,
    dayCountName,
    country: (code) => countryNames.de[code] ?? code,
  },
  en: {
    title: {
      interest: 'Interest payment statement',
      redemption: 'Redemption statement',
      commission: 'Commission statement',
    },
    number: (id) => `Statement no. ${id}`,
    statementDate: 'Date',
    customerNumber: 'Customer number',
    intro: {
      interest: 'for your tokens of the bond below, the interest payment is settled as follows:',
      redemption:
        'the bond below has matured. The repayment of the nominal amount and the last interest payment are settled as follows:',
      commission: 'your commission is settled as follows:',
    },
    bondHeading: 'Bond',
    bond: 'Bond',
    isin: 'ISIN',
    issuer: 'Issuer',
    type: 'Type of payment',
    typeName: {
      interest: 'Interest',
      redemption: 'Redemption with the last interest',
      commission: 'Commission',
    },
    calculationHeading: 'Calculation',
    period: 'Interest period',
    recordDate: 'Record date',
    paymentDate: 'Payment date',
    tokens: 'Tokens held on the record date',
    nominal: 'Nominal per token',
    couponRate: 'Coupon rate p.a.',
    dayCount: 'Day-count convention',
    accrualFraction: 'Share of the annual coupon',
    coupon: 'Interest amount',
    redemption: 'Repayment of nominal',
    gross: 'Gross amount',
    status: 'Status',
    statusName: {
      scheduled: 'Scheduled – paid on the payment date',
      processing: 'Being processed by the bank',
      paid: 'Paid',
      failed: 'Failed – we will contact you',
    },
    taxHeading: 'Tax note',
    platform: 'Platform',
    closing:
      'This statement was produced automatically and is valid without a signature. The bond terms and the crypto securities register on the record date prevail.',
    page: (n, of) => `Page ${n} of ${of}`,
    dayCountName,
    country: (code) => countryNames.en[code] ?? code,
  },
};

/**
 * The statement's tax paragraph (decision 017, "Still open": withholding tax). For now: amounts are
 * paid gross, the platform withholds no German capital-gains tax, and the investor declares the income
 * (Anlage KAP). A pure function of language and payout type, to be adjusted once withholding is decided.
 */
export function taxParagraph(locale: Locale, type: PayoutType): string {
  if (locale === 'de') {
    const what =
      type === 'commission'
        ? 'Die Provision wird brutto ausgezahlt.'
        : 'Die Zinsen werden brutto ausgezahlt: Die Plattform behält keine Kapitalertragsteuer, keinen Solidaritätszuschlag und keine Kirchensteuer ein.';
    const declare =
      type === 'commission'
        ? 'Bitte geben Sie die Provision in Ihrer Steuererklärung an.'
        : 'Bitte erklären Sie die Kapitalerträge in Ihrer Einkommensteuererklärung (Anlage KAP).';
    const redemption = type === 'redemption' ? ' Die Rückzahlung des Nennbetrags ist kein Zinsertrag.' : '';
    return `${what} ${declare}${redemption} Diese Abrechnung ist keine Steuerbescheinigung und ersetzt keine steuerliche Beratung.`;
  }
  const what =
    type === 'commission'
      ? 'The commission is paid gross.'
      : 'Interest is paid gross: the platform withholds no German capital-gains tax (Kapitalertragsteuer), solidarity surcharge or church tax.';
  const declare =
    type === 'commission'
      ? 'Please declare the commission in your tax return.'
      : 'Please declare the income in your German income tax return (Anlage KAP).';
  const redemption =
    type === 'redemption' ? ' The repayment of the nominal amount is not interest income.' : '';
  return `${what} ${declare}${redemption} This statement is not a tax certificate and is no tax advice.`;
}
