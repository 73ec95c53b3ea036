import type { Locale } from '@token/domain/i18n';

/*
 * The invoice PDF's texts in the investor's language (de, en), and the country names of the address
 * field; the layout is `invoice-pdf.ts`'s.
 */

/** The texts of the invoice PDF in one language. */
export type Texts = {
  invoice: string;
  number: string;
  issueDate: string;
  serviceDate: string;
  orderNumber: string;
  customerNumber: string;
  dueDate: string;
  intro: string;
  /** The introduction of a collectible's invoice (a purchase, not a subscription; issue 18). */
  introPurchase: string;
  /** § 356 Abs. 5 BGB: the heading and the line of the consent given. */
  consentHeading: string;
  consentGiven: (at: string) => string;
  pos: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  amount: string;
  isin: string;
  tokens: string;
  netOf: (label: string) => string;
  vatLine: (rate: string) => string;
  exemptLabel: string;
  net: string;
  total: string;
  paymentHeading: string;
  payTransfer: (amount: string, due: string) => string;
  paidCard: string;
  paidTransfer: string;
  cancelled: string;
  refunded: string;
  holder: string;
  iban: string;
  bic: string;
  bank: string;
  reference: string;
  referenceHint: string;
  qrCaption: string;
  vatId: string;
  page: (n: number, of: number) => string;
  closing: string;
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

/** The invoice PDF's texts by language. */
export const texts: Record<Locale, Texts> = {
  de: {
    invoice: 'Rechnung',
    number: 'Rechnungsnummer',
    issueDate: 'Rechnungsdatum',
    serviceDate: 'Leistungsdatum',
    orderNumber: 'Bestellnummer',
    customerNumber: 'Kundennummer',
    dueDate: 'Zahlbar bis',
    intro: 'vielen Dank für Ihre Zeichnung. Wir berechnen Ihnen die folgenden Positionen:',
    introPurchase: 'vielen Dank für Ihren Kauf. Wir berechnen Ihnen die folgenden Positionen:',
    consentHeading:
      'Vorzeitiger Beginn der Bereitstellung und Erlöschen des Widerrufsrechts (§ 356 Abs. 5 BGB)',
    consentGiven: (at) => `Ihre Erklärung bei der Bestellung am ${at}:`,
    pos: 'Pos.',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    vat: 'USt.',
    amount: 'Betrag',
    isin: 'ISIN',
    tokens: 'Stück',
    netOf: (label) => `Nettobetrag ${label}`,
    vatLine: (rate) => `${rate}% Mwst.`,
    exemptLabel: 'steuerfrei',
    net: 'Summe netto',
    total: 'Rechnungsbetrag',
    paymentHeading: 'Zahlung',
    payTransfer: (amount, due) =>
      `Bitte überweisen Sie ${amount} bis zum ${due} auf das folgende Konto. Geben Sie dabei unbedingt die Zahlungsreferenz an, damit wir Ihre Zahlung zuordnen können.`,
    paidCard: 'Der Rechnungsbetrag wurde per Kreditkarte bezahlt. Es ist nichts mehr zu tun.',
    paidTransfer: 'Der Rechnungsbetrag ist bei uns eingegangen. Vielen Dank.',
    cancelled: 'Die Bestellung wurde storniert. Der Rechnungsbetrag ist nicht zu zahlen.',
    refunded: 'Der Rechnungsbetrag wurde Ihnen erstattet.',
    holder: 'Kontoinhaber',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Zahlungsreferenz',
    referenceHint: 'bitte unverändert in das Feld „Verwendungszweck“ oder „Referenz“',
    qrCaption: 'GiroCode: mit der Banking-App scannen',
    vatId: 'USt-IdNr.',
    page: (n, of) => `Seite ${n} von ${of}`,
    closing: 'Mit freundlichen Grüßen',
    country: (code) => countryNames.de[code] ?? code,
  },
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    issueDate: 'Invoice date',
    serviceDate: 'Date of supply',
    orderNumber: 'Order number',
    customerNumber: 'Customer number',
    dueDate: 'Due by',
    intro: 'thank you for your subscription. We invoice you for the following items:',
    introPurchase: 'thank you for your purchase. We invoice you for the following items:',
    consentHeading: 'Early supply and expiry of the right of withdrawal (section 356 (5) BGB)',
    consentGiven: (at) => `Your declaration when ordering on ${at}:`,
    pos: 'No.',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    vat: 'VAT',
    amount: 'Amount',
    isin: 'ISIN',
    tokens: 'units',
    netOf: (label) => `Net amount ${label}`,
    vatLine: (rate) => `${rate}% VAT (Mwst.)`,
    exemptLabel: 'exempt',
    net: 'Total net',
    total: 'Invoice total',
    paymentHeading: 'Payment',
    payTransfer: (amount, due) =>
      `Please transfer ${amount} by ${due} to the account below. Be sure to quote the payment reference so that we can match your payment.`,
    paidCard: 'The invoice total was paid by card. Nothing more to do.',
    paidTransfer: 'We have received the invoice total. Thank you.',
    cancelled: 'The order was cancelled. The invoice total is not payable.',
    refunded: 'The invoice total has been refunded to you.',
    holder: 'Account holder',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Payment reference',
    referenceHint: 'please enter it unchanged as the "reference" or "remittance information"',
    qrCaption: 'GiroCode: scan with your banking app',
    vatId: 'VAT ID',
    page: (n, of) => `Page ${n} of ${of}`,
    closing: 'Kind regards',
    country: (code) => countryNames.en[code] ?? code,
  },
};
