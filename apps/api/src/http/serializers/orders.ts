import type { InvoiceView, OrderView } from '@token/domain/orders';
import { iri } from '../hydra.ts';

/** An order with its relations as IRIs: items' variants, payments' methods (API Platform). */
export function orderResource(order: OrderView): OrderView {
  return {
    ...order,
    items: order.items.map((item) => ({ ...item, variant: iri('product-variants', item.variantCode) })),
    payments: order.payments.map((p) => ({
      ...p,
      method: p.methodCode === null ? null : iri('payment-methods', p.methodCode),
    })),
  };
}

/** An invoice with its order as an IRI. */
export function invoiceResource(invoice: InvoiceView): InvoiceView {
  return { ...invoice, order: iri('orders', invoice.orderTokenValue) };
}
