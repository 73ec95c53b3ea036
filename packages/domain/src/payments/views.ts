import { z } from 'zod';
import { orderPaymentViewSchema, orderViewSchema } from '../orders/views.ts';
import { bankAccountViewSchema } from '../reference/views.ts';
import { bankCreditNoteSchema } from './credit-notes.ts';

/*
 * The payment views (issue 8 and 15, convention 6): the shop's payment methods and product payment
 * configurations, and the operator API's bank credits and order file. The route response schemas and
 * the web's types derive from them; Hydra fields are added by the route.
 */

/** How a payment method is paid: `offline` (bank transfer to the collection account) or `card`. */
export const paymentGateways = ['offline', 'card'] as const;
export type PaymentGateway = (typeof paymentGateways)[number];

/** GET payment-methods: an enabled method, its texts in the reader's language (German as fallback). */
export const paymentMethodViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  gateway: z.enum(paymentGateways),
  position: z.number().int(),
  enabled: z.boolean(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/** GET product-payment-configurations: a payment method a product accepts (the service gives the product's code, the route its IRI). */
export const productPaymentConfigurationViewSchema = z.object({
  id: z.number().int(),
  product: z.string().describe('IRI of the product'),
  paymentMethod: z.object({ code: z.string(), name: z.string() }),
  enabled: z.boolean(),
  maximumAmount: z.number().int().nullable().describe('Largest order total in cents; null = no limit'),
  bankAccount: bankAccountViewSchema
    .nullable()
    .describe("The product's own collection account, else the channel's"),
  paymentReferencePrefix: z.string().nullable(),
});
export type ProductPaymentConfigurationView = z.infer<typeof productPaymentConfigurationViewSchema>;

/** How a bank credit stands in the reconciliation (open: unmatched, partial, excess, duplicate). */
export const bankCreditStatuses = [
  'unmatched',
  'matched',
  'partial',
  'excess',
  'duplicate',
  'returned',
] as const;
export type BankCreditStatus = (typeof bankCreditStatuses)[number];

/** One credit of the bank's statements, as `GET admin/bank-credits` answers it. */
export const bankCreditViewSchema = z.object({
  id: z.number().int(),
  /** Where it came from: the sandbox bank or an uploaded camt.053 / camt.054 statement. */
  source: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  remittanceText: z.string().nullable(),
  structuredReference: z.string().nullable(),
  debtorName: z.string().nullable(),
  debtorIban: z.string().nullable(),
  bookingDate: z.string(),
  entryReference: z.string(),
  status: z.enum(bankCreditStatuses),
  /** Why it is where it is, as a code with its figures (`bankCreditNoteText` words it per language). */
  note: bankCreditNoteSchema.nullable(),
  matchedOrder: z
    .object({ tokenValue: z.string(), number: z.string().nullable(), total: z.number().int() })
    .nullable(),
  receivedAt: z.string(),
});
export type BankCreditView = z.infer<typeof bankCreditViewSchema>;

/**
 * A payment in the operator's order file: the card partner's ids when paid by card, and what the card
 * partner reports refunded of it so far in cents (partial refunds, decision 028).
 */
export const operatorPaymentViewSchema = orderPaymentViewSchema.extend({
  cardSessionId: z.string().nullable(),
  cardPaymentIntentId: z.string().nullable(),
  refundedAmount: z.number().int(),
});
export type OperatorPaymentView = z.infer<typeof operatorPaymentViewSchema>;

/** `GET admin/orders/{tokenValue}`: everything about one placed order, for the operator. */
export const operatorOrderFileSchema = orderViewSchema.extend({
  customer: z.object({
    uuid: z.string(),
    email: z.string(),
    fullName: z.string(),
    accountType: z.string(),
  }),
  payments: z.array(operatorPaymentViewSchema),
  invoices: z.array(z.object({ id: z.number().int(), number: z.string() })),
  bankCredits: z.array(bankCreditViewSchema),
  auditLog: z.array(
    z.object({
      at: z.string(),
      /** The operator's e-mail; null when the entry was the system's (a job, a webhook). */
      operator: z.string().nullable(),
      action: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type OperatorOrderFile = z.infer<typeof operatorOrderFileSchema>;
