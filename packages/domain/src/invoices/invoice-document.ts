import type { Salutation } from '../accounts/kinds.ts';
import { addDays } from '../calendar/index.ts';
import { isSecurity, securitiesTaxCategory } from '../catalog/index.ts';
import type { Locale } from '../i18n/index.ts';
import { buildEpcQrPayload } from '../payments/epc-qr.ts';
import { formatCreditorReference } from '../payments/reference.ts';
import {
  type InvoiceDocument,
  type InvoiceInvestor,
  type InvoiceIssuer,
  type InvoiceItem,
  type InvoicePaymentMethod,
  type InvoiceTaxLine,
  type InvoiceTaxTreatment,
  invoiceDocumentSchema,
} from './views.ts';

export { securitiesTaxCategory };

/** regulatory-notes VAT: bonds are exempt (UStG § 4 Nr. 8); other categories carry their rate. */
export function invoiceTaxTreatment(category: {
  code: string;
  rateBasisPoints: number;
}): InvoiceTaxTreatment {
  if (category.code === securitiesTaxCategory) return 'exempt_securities';
  return category.rateBasisPoints === 0 ? 'exempt' : 'taxed';
}

/** The note an exempt line needs on the invoice (§ 14 (4) Nr. 8 UStG), in the reader's language. */
export const invoiceTaxNotes: Record<Exclude<InvoiceTaxTreatment, 'taxed'>, Record<Locale, string>> = {
  exempt_securities: {
    de: 'Steuerfreier Umsatz: Umsätze im Geschäft mit Wertpapieren sind nach § 4 Nr. 8 Buchst. e UStG von der Umsatzsteuer befreit.',
    en: 'VAT-exempt supply: transactions in securities are exempt from VAT under section 4 no. 8 (e) of the German VAT Act (UStG).',
  },
  exempt: {
    de: 'Steuerfreier Umsatz.',
    en: 'VAT-exempt supply.',
  },
};

/** The VAT a gross amount contains at a rate in basis points, rounded half up to the cent. */
export function includedTaxCents(grossCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new RangeError('gross must be whole cents');
  if (rateBasisPoints <= 0) return 0;
  const divisor = 10_000 + rateBasisPoints;
  // Exact integer arithmetic: round(gross × rate / (1 + rate)) with halves going up.
  return Math.floor((2 * grossCents * rateBasisPoints + divisor) / (2 * divisor));
}

export type InvoiceItemInput = {
  name: string;
  isin?: string | null;
  quantity: number;
  /** The shop's unit price (gross: consumers see prices with VAT included, PAngV § 3). */
  unitPriceCents: number;
  taxCategory: { code: string; rateBasisPoints: number };
};

/**
 * The tax lines of an invoice, one per tax category, in the order the categories first appear.
 * Rounding (stated on purpose): the VAT is computed once per tax category on the sum of its gross
 * lines and rounded half up to the cent, as UStAE 14.5 (19) reads § 14 (4) Nr. 8 UStG ("the tax
 * amount falling on the consideration per rate"); each line's own net share is rounded the same way
 * for display only, so the lines' nets may differ from the tax line's net by a cent, never the totals.
 */
export function invoiceTaxLines(items: readonly InvoiceItemInput[]): InvoiceTaxLine[] {
  const lines = new Map<string, InvoiceTaxLine>();
  for (const item of items) {
    const { code, rateBasisPoints } = item.taxCategory;
    const key = `${code}|${rateBasisPoints}`;
    const line = lines.get(key) ?? {
      category: code,
      rateBasisPoints,
      treatment: invoiceTaxTreatment(item.taxCategory),
      grossCents: 0,
      netCents: 0,
      taxCents: 0,
    };
    line.grossCents += lineTotal(item);
    lines.set(key, line);
  }
  return [...lines.values()].map((l) => {
    const taxCents = includedTaxCents(l.grossCents, l.rateBasisPoints);
    return { ...l, taxCents, netCents: l.grossCents - taxCents };
  });
}

function lineTotal(item: InvoiceItemInput): number {
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) throw new RangeError('quantity must be ≥ 1');
  if (!Number.isSafeInteger(item.unitPriceCents) || item.unitPriceCents < 0) {
    throw new RangeError('unit price must be whole cents');
  }
  const total = item.quantity * item.unitPriceCents;
  if (!Number.isSafeInteger(total)) throw new RangeError('line total too large');
  return total;
}

/** Whom a letter to a natural person is addressed to; null for a company or an unknown name. */
export type LetterAddressee = {
  salutation: Salutation | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
};

/**
 * The salutation line of a letter (invoice) in its language: by salutation and surname where the
 * investor gave them (`Sehr geehrte Frau Dr. Wagner,` / `Dear Ms Wagner,`), by full name for Mx
 * (`Guten Tag Alex Wagner,` / `Dear Alex Wagner,`), the general form for a company or a missing name.
 */
export function letterGreeting(locale: Locale, addressee: LetterAddressee | null): string {
  const lastName = addressee?.lastName?.trim() ?? '';
  const fullName = [addressee?.firstName, addressee?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const withTitle = [addressee?.title?.trim(), lastName].filter(Boolean).join(' ');
  const salutation = lastName ? addressee?.salutation : null;
  if (locale === 'de') {
    if (salutation === 'ms') return `Sehr geehrte Frau ${withTitle},`;
    if (salutation === 'mr') return `Sehr geehrter Herr ${withTitle},`;
    return fullName ? `Guten Tag ${fullName},` : 'Sehr geehrte Damen und Herren,';
  }
  if (salutation === 'ms') return `Dear Ms ${withTitle},`;
  if (salutation === 'mr') return `Dear Mr ${withTitle},`;
  return fullName ? `Dear ${fullName},` : 'Dear Sir or Madam,';
}

/**
 * The invoice document of an order: items with their tax treatment, one tax line per category,
 * totals, payment terms, and for an unpaid bank transfer the issuer's account, the payment reference
 * and the EPC QR payload for the invoice total. Validated against `invoiceDocumentSchema`.
 */
export function buildInvoiceDocument(input: {
  number: string;
  locale: Locale;
  issueDate: string;
  serviceDate: string;
  orderNumber?: string | null;
  issuer: InvoiceIssuer;
  investor: InvoiceInvestor;
  /** The natural person the invoice greets; null (or absent) for a company: the general greeting. */
  addressee?: LetterAddressee | null;
  items: readonly InvoiceItemInput[];
  /** A collectible's stored consent (§ 356 Abs. 5 BGB), printed on its invoice; null for a bond. */
  digitalContentConsent?: { givenAt: string; text: string } | null;
  payment: {
    method: InvoicePaymentMethod;
    paid: boolean;
    /** Cancelled before payment or refunded: no due date, no transfer block, said on the invoice. */
    closed?: 'cancelled' | 'refunded' | null;
    /** Payment terms in days; default 14. */
    termDays?: number;
    /** The order's payment reference (required for an unpaid bank transfer). */
    reference?: string | null;
  };
}): InvoiceDocument {
  const termDays = input.payment.termDays ?? 14;
  const items: InvoiceItem[] = input.items.map((item) => {
    const totalCents = lineTotal(item);
    return {
      name: item.name,
      isin: item.isin ?? null,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      totalCents,
      netCents: totalCents - includedTaxCents(totalCents, item.taxCategory.rateBasisPoints),
      taxCategory: { code: item.taxCategory.code, rateBasisPoints: item.taxCategory.rateBasisPoints },
      treatment: invoiceTaxTreatment(item.taxCategory),
    };
  });
  const taxLines = invoiceTaxLines(input.items);
  const totals = {
    netCents: taxLines.reduce((s, l) => s + l.netCents, 0),
    taxCents: taxLines.reduce((s, l) => s + l.taxCents, 0),
    grossCents: taxLines.reduce((s, l) => s + l.grossCents, 0),
  };
  const closed = input.payment.closed ?? null;
  const open = !input.payment.paid && closed === null;
  const unpaidTransfer = input.payment.method === 'bank_transfer' && open;
  let transfer: InvoiceDocument['transfer'] = null;
  if (unpaidTransfer && totals.grossCents > 0) {
    const reference = (input.payment.reference ?? '').replace(/\s/g, '').toUpperCase();
    if (!reference) throw new RangeError('an unpaid bank transfer needs its payment reference');
    const account = input.issuer.bankAccount;
    transfer = {
      bankAccount: account,
      reference: formatCreditorReference(reference),
      amountCents: totals.grossCents,
      epcPayload: buildEpcQrPayload({
        bic: account.bic,
        name: account.holder,
        iban: account.iban,
        amountCents: totals.grossCents,
        reference,
      }),
    };
  }
  return invoiceDocumentSchema.parse({
    number: input.number,
    locale: input.locale,
    issueDate: input.issueDate,
    serviceDate: input.serviceDate,
    dueDate: open ? addDays(input.issueDate, termDays) : null,
    currency: 'EUR',
    orderNumber: input.orderNumber ?? null,
    issuer: input.issuer,
    investor: input.investor,
    greeting: letterGreeting(input.locale, input.addressee ?? null),
    items,
    // issue 18: an invoice with any security on it is a subscription's
    kind: input.items.some((i) => isSecurity(i)) ? 'security' : 'collectible',
    digitalContentConsent: input.digitalContentConsent ?? null,
    taxLines,
    totals,
    payment: { method: input.payment.method, paid: input.payment.paid, closed, termDays },
    transfer,
  });
}
