import type { Readable } from 'node:stream';
import { platformDayOf } from '@token/domain/calendar';
import { AppError } from '@token/domain/errors';
import { buildInvoiceDocument, securitiesTaxCategory } from '@token/domain/invoices';
import { isOrderPaid, paymentTermDays } from '@token/domain/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  addresses,
  attributes,
  customers,
  invoices,
  orderItems,
  orders,
  paymentMethods,
  payments,
  productAttributeValues,
  productPaymentConfigurations,
  products,
  taxCategories,
} from '../../db/schema/index.ts';
import { collectionAccountOf } from '../orders/payment-choice.service.ts';
import { channelBankAccount, findShopChannel } from '../reference/reference.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The invoice PDF (issue 8, spec 7 `GET invoice/{id}/pdf`): the document is built with the domain's
 * `buildInvoiceDocument` from the order, the channel (issuer and collection account), the investor
 * (name or company, default address) and the product's tax category, and rendered as a stream.
 * The shop call passes the customer: another customer's invoice is `invoice_not_found` (404,
 * convention 3); the operators' call passes none.
 */
export async function invoicePdf(opts: {
  db: Database;
  invoiceId: number;
  /** The logged-in customer; null for operators. */
  customerId: number | null;
}): Promise<{ number: string; locale: 'de' | 'en'; stream: Readable }> {
  const { db } = opts;
  const [row] = await db
    .select({ invoice: invoices, order: orders, customer: customers })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      opts.customerId === null
        ? eq(invoices.id, opts.invoiceId)
        : and(eq(invoices.id, opts.invoiceId), eq(orders.customerId, opts.customerId)),
    );
  if (!row) throw new AppError('invoice_not_found');
  const { invoice, order, customer } = row;
  const [items, [payment], channel, taxCategory, address, isin] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db
      .select({ payment: payments, method: paymentMethods })
      .from(payments)
      .leftJoin(paymentMethods, eq(paymentMethods.id, payments.methodId))
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.id))
      .limit(1),
    findShopChannel({ db }),
    order.productId === null
      ? Promise.resolve(null)
      : db
          .select({ code: taxCategories.code, rateBasisPoints: taxCategories.rateBasisPoints })
          .from(products)
          .innerJoin(taxCategories, eq(taxCategories.id, products.taxCategoryId))
          .where(eq(products.id, order.productId))
          .then((r) => r[0] ?? null),
    investorAddress(db, customer),
    order.productId === null ? Promise.resolve(null) : productIsin(db, order.productId),
  ]);
  if (!channel || items.length === 0) throw new AppError('invoice_not_found');
  const offline = payment?.method?.gateway !== 'card';
  // Unpaid transfers name the account the payment goes to: the product's own, else the channel's.
  let bankAccount = channelBankAccount(channel);
  if (offline && payment?.method && order.productId !== null) {
    const [configuration] = await db
      .select()
      .from(productPaymentConfigurations)
      .where(
        and(
          eq(productPaymentConfigurations.productId, order.productId),
          eq(productPaymentConfigurations.paymentMethodId, payment.method.id),
        ),
      );
    bankAccount = collectionAccountOf(configuration ?? null, channel) ?? bankAccount;
  }
  const state = payment?.payment.state ?? order.paymentState;
  const issued = invoice.issuedAt;
  const termDays = order.paymentDueAt ? paymentTermDays(issued, order.paymentDueAt) : 14;
  const personName = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null;
  const document = buildInvoiceDocument({
    number: invoice.number,
    locale: order.localeCode,
    // The platform's calendar day (Europe/Berlin), the day whose year numbers the invoice (migration 0011).
    issueDate: platformDayOf(issued),
    serviceDate: platformDayOf(order.checkoutCompletedAt ?? issued),
    orderNumber: order.number,
    issuer: {
      companyName: channel.companyName,
      address: {
        street: channel.companyStreet,
        postcode: channel.companyPostcode,
        city: channel.companyCity,
        countryCode: channel.companyCountryCode,
      },
      registry: channel.companyRegistry,
      vatNumber: channel.companyVatNumber,
      email: channel.contactEmail,
      bankAccount,
    },
    investor: {
      name: personName,
      companyName: customer.accountType === 'company' ? customer.companyName : null,
      address,
      customerNumber: String(customer.id),
    },
    addressee: customer.accountType === 'company' ? null : customer,
    items: items.map((item) => ({
      name:
        // a variant named after its product ("Solarpark 2031 – Token") is not repeated after it
        !item.variantName || item.variantName.startsWith(item.productName)
          ? item.variantName || item.productName
          : `${item.productName} – ${item.variantName}`,
      isin,
      quantity: item.quantity,
      unitPriceCents: item.unitPrice,
      taxCategory: taxCategory ?? { code: securitiesTaxCategory, rateBasisPoints: item.taxRateBasisPoints },
    })),
    digitalContentConsent: order.digitalContentConsent ?? null,
    payment: {
      method: offline ? 'bank_transfer' : 'card',
      // Only an order still awaiting its transfer carries the bank details and the QR code: one that
      // counts as paid (spec 4), or was paid and since refunded, does not.
      paid: isOrderPaid({ checkoutState: order.checkoutState, paymentState: state }) || state === 'refunded',
      closed: state === 'cancelled' ? 'cancelled' : state === 'refunded' ? 'refunded' : null,
      termDays: Math.min(365, termDays),
      reference: payment?.payment.paymentReference ?? null,
    },
  });
  return { number: invoice.number, locale: order.localeCode, stream: renderInvoicePdf(document) };
}

/** The bond's ISIN (its `isin` attribute, the same in every language), printed on its invoice line. */
async function productIsin(db: Database, productId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: productAttributeValues.value })
    .from(productAttributeValues)
    .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
    .where(and(eq(productAttributeValues.productId, productId), eq(attributes.code, 'isin')))
    .limit(1);
  return row?.value ?? null;
}

/**
 * The investor's address on a document (invoice, payout statement): the default one, else their
 * company or personal address, else the first.
 */
export async function investorAddress(
  db: Database,
  customer: typeof customers.$inferSelect,
): Promise<{ street: string; postcode: string; city: string; countryCode: string }> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customer.id))
    .orderBy(asc(addresses.id));
  const chosen =
    rows.find((a) => a.id === customer.defaultAddressId) ??
    rows.find((a) => a.kind === (customer.accountType === 'company' ? 'company' : 'personal')) ??
    rows[0];
  if (!chosen)
    return { street: '', postcode: '', city: '', countryCode: customer.nationality?.slice(0, 2) ?? 'DE' };
  return {
    street: chosen.street,
    postcode: chosen.postcode,
    city: chosen.city,
    countryCode: chosen.countryCode.toUpperCase().slice(0, 2),
  };
}
