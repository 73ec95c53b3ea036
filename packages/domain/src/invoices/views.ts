import { z } from 'zod';

/**
 * The invoice as a document (convention 6): everything the PDF prints and the API may answer, with
 * money in integer cents. § 14 (4) UStG lists what a German invoice must carry: both parties' names
 * and addresses, the issuer's VAT id or tax number, the issue date, a unique number, quantity and kind
 * of each item, the date of the supply, the net amount per tax rate and each exemption, the tax rate
 * and amount, or a note on the exemption.
 */

const addressSchema = z.object({
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().length(2),
});

export const invoiceBankAccountSchema = z.object({
  holder: z.string(),
  iban: z.string(),
  bic: z.string(),
  bankName: z.string(),
});

export const invoiceIssuerSchema = z.object({
  /** The channel's company name. */
  companyName: z.string(),
  address: addressSchema,
  /** Register court and number (`Amtsgericht Berlin-Charlottenburg, HRB 123456 B`). */
  registry: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  bankAccount: invoiceBankAccountSchema,
});

export const invoiceInvestorSchema = z.object({
  /** The person's full name (for a company: its representative, or null). */
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  address: addressSchema,
  customerNumber: z.string().nullable(),
});

/** How a tax category is treated on the invoice: exempt as a securities transaction, or taxed. */
export const invoiceTaxTreatments = ['exempt_securities', 'exempt', 'taxed'] as const;
export type InvoiceTaxTreatment = (typeof invoiceTaxTreatments)[number];

export const invoiceItemSchema = z.object({
  name: z.string(),
  /** The bond's ISIN; null for other items. */
  isin: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** What one unit costs the investor (VAT included where it applies). */
  unitPriceCents: z.number().int().nonnegative(),
  /** quantity × unit price (what the investor pays for the line). */
  totalCents: z.number().int().nonnegative(),
  /** The net part of the line (the line total minus the VAT it contains). */
  netCents: z.number().int().nonnegative(),
  taxCategory: z.object({ code: z.string(), rateBasisPoints: z.number().int().min(0).max(10_000) }),
  treatment: z.enum(invoiceTaxTreatments),
});

export const invoiceTaxLineSchema = z.object({
  /** The tax category's code (`bonds`, `standard`). */
  category: z.string(),
  rateBasisPoints: z.number().int(),
  treatment: z.enum(invoiceTaxTreatments),
  /** The gross amount of the category's lines (what the investor pays for them). */
  grossCents: z.number().int(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
});

export const invoicePaymentMethods = ['bank_transfer', 'card'] as const;
export type InvoicePaymentMethod = (typeof invoicePaymentMethods)[number];

export const invoiceDocumentSchema = z.object({
  number: z.string(),
  locale: z.enum(['de', 'en']),
  /** YYYY-MM-DD. */
  issueDate: z.iso.date(),
  /** The supply (subscription) date, YYYY-MM-DD. */
  serviceDate: z.iso.date(),
  /** When an unpaid invoice is due; null once paid. */
  dueDate: z.iso.date().nullable(),
  currency: z.literal('EUR'),
  orderNumber: z.string().nullable(),
  issuer: invoiceIssuerSchema,
  investor: invoiceInvestorSchema,
  /** The letter's salutation line in the invoice's language (`letterGreeting`). */
  greeting: z.string().min(1),
  items: z.array(invoiceItemSchema).min(1),
  /** A bond's subscription or a collectible's purchase (issue 18): the introduction says which. */
  kind: z.enum(['security', 'collectible']),
  /**
   * A collectible's consent to immediate delivery of the digital content (§ 356 Abs. 5 BGB), printed
   * as its confirmation on a durable medium (§ 312f Abs. 3 BGB); null for a bond.
   */
  digitalContentConsent: z.object({ givenAt: z.string(), text: z.string() }).nullable(),
  taxLines: z.array(invoiceTaxLineSchema),
  totals: z.object({ netCents: z.number().int(), taxCents: z.number().int(), grossCents: z.number().int() }),
  payment: z.object({
    method: z.enum(invoicePaymentMethods),
    paid: z.boolean(),
    /**
     * The order was cancelled before payment (nothing is owed) or its payment refunded: the invoice
     * says so instead of asking for payment or thanking for it; null while it stands.
     */
    closed: z.enum(['cancelled', 'refunded']).nullable(),
    /** Days from the issue date to the due date (payment terms). */
    termDays: z.number().int().min(0).max(365),
  }),
  /** For an unpaid bank transfer: where to pay, the reference and the EPC QR payload; else null. */
  transfer: z
    .object({
      bankAccount: invoiceBankAccountSchema,
      reference: z.string(),
      amountCents: z.number().int().positive(),
      epcPayload: z.string(),
    })
    .nullable(),
});

export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
export type InvoiceTaxLine = z.infer<typeof invoiceTaxLineSchema>;
export type InvoiceIssuer = z.infer<typeof invoiceIssuerSchema>;
export type InvoiceInvestor = z.infer<typeof invoiceInvestorSchema>;
