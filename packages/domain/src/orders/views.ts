import { z } from 'zod';
import { bankAccountViewSchema } from '../reference/views.ts';
import { digitalContentConsentViewSchema, orderKinds } from './digital-content.ts';
import { checkoutStates, orderListStatuses, paymentStates, shippingStates } from './order-state.ts';
import { orderStatementsSchema, section6DeclarationsSchema } from './statements.ts';

/**
 * The shop API's order views (convention 6), field names as spec 3 and Sylius: the route response
 * schemas and the web's types derive from them. Money in integer cents (EUR). Relations are IRIs
 * where the API adds them (`variant`, `method`), codes in the service's view.
 */

export const orderItemViewSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  productCode: z.string(),
  variantName: z.string(),
  /** The variant's IRI `/api/v2/shop/product-variants/{code}`. */
  variant: z.string(),
  variantCode: z.string(),
  quantity: z.number().int(),
  /** Cents per token. */
  unitPrice: z.number().int(),
  originalUnitPrice: z.number().int(),
  subtotal: z.number().int(),
  /** The VAT of the line (contained in its total for a collectible; 0 for a bond, UStG § 4 Nr. 8). */
  taxTotal: z.number().int(),
  total: z.number().int(),
  /** The product's tax category: a bond's `bonds` makes it a security (`isSecurity`), else a collectible. */
  taxCategory: z.object({ code: z.string(), rateBasisPoints: z.number().int() }).nullable(),
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

export const orderPaymentViewSchema = z.object({
  id: z.number().int(),
  /** The payment method's IRI, or null before one is chosen. */
  method: z.string().nullable(),
  methodCode: z.string().nullable(),
  state: z.enum(paymentStates),
  amount: z.number().int(),
  currencyCode: z.string(),
  /** The structured reference an offline transfer quotes. */
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderPaymentView = z.infer<typeof orderPaymentViewSchema>;

export const orderViewSchema = z.object({
  id: z.number().int(),
  tokenValue: z.string(),
  number: z.string().nullable(),
  checkoutState: z.enum(checkoutStates),
  paymentState: z.enum(paymentStates),
  shippingState: z.enum(shippingStates),
  /** spec 4: completed and paid or authorized. */
  paid: z.boolean(),
  listStatus: z.enum(orderListStatuses),
  /** What the order buys (issue 18): a security is subscribed, a collectible bought (`orderKindOf`). */
  kind: z.enum(orderKinds),
  currencyCode: z.string(),
  localeCode: z.enum(['de', 'en']),
  legalDocsConfirmAt: z.string().nullable(),
  /** Ids and versions of the legal documents confirmed. */
  legalDocsConfirmed: z.array(z.object({ id: z.string(), version: z.string() })),
  legalDocsSentAt: z.string().nullable(),
  items: z.array(orderItemViewSchema),
  itemsTotal: z.number().int(),
  /** The accepted discount code and what it takes off the items total (cents). */
  discountCode: z.string().nullable(),
  discountTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  payments: z.array(orderPaymentViewSchema),
  notes: z.string().nullable(),
  statements: orderStatementsSchema.nullable(),
  declarations: section6DeclarationsSchema.nullable(),
  /** A collectible's consent to immediate delivery and the loss of withdrawal (§ 356 Abs. 5 BGB). */
  digitalContentConsent: digitalContentConsentViewSchema.nullable(),
  checkoutCompletedAt: z.string().nullable(),
  /** When an unpaid bank-transfer order expires (completed, awaiting payment). */
  paymentDueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** `GET orders` row (spec 3 list fields: security, amount, date, currency, price, status, number, invoice). */
export const orderListRowViewSchema = orderViewSchema.pick({
  id: true,
  tokenValue: true,
  number: true,
  checkoutState: true,
  paymentState: true,
  shippingState: true,
  paid: true,
  listStatus: true,
  kind: true,
  currencyCode: true,
  items: true,
  itemsTotal: true,
  discountTotal: true,
  taxTotal: true,
  total: true,
  payments: true,
  checkoutCompletedAt: true,
  createdAt: true,
});
export type OrderListRowView = z.infer<typeof orderListRowViewSchema>;

/** spec 3 invoice: id, number, order (the order's token; the API adds its IRI). */
export const invoiceViewSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  year: z.number().int(),
  order: z.string(),
  orderTokenValue: z.string(),
  issuedAt: z.string(),
  total: z.number().int(),
  currencyCode: z.string(),
  localeCode: z.enum(['de', 'en']),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** `GET orders/{token}/payments/{id}/configuration`. */
export const paymentConfigurationViewSchema = z.discriminatedUnion('gateway', [
  z.object({
    gateway: z.literal('offline'),
    amount: z.number().int(),
    currencyCode: z.string(),
    paymentReference: z.string(),
    bankAccount: bankAccountViewSchema.nullable(),
    dueAt: z.string().nullable(),
    /** The EPC069-12 (GiroCode) text of this transfer, which banking apps scan; null when not available. */
    epcQrPayload: z.string().nullable(),
  }),
  z.object({
    gateway: z.literal('card'),
    amount: z.number().int(),
    currencyCode: z.string(),
    paymentReference: z.string().nullable(),
    /** Where the client sends the investor to pay; null until the card partner is wired (issue 8 payments). */
    redirectUrl: z.string().nullable(),
  }),
]);
export type PaymentConfigurationView = z.infer<typeof paymentConfigurationViewSchema>;
