import { z } from 'zod';
import type { ShippingState } from '../orders/order-state.ts';
import type { OrderListRowView } from '../orders/views.ts';

/*
 * spec 3 Listing (status, paymentStatus, type, transactionStatus, productVariant), read through
 * GraphQL's `listings`. The marketplace sells at a fixed price (bidding is a mock, spec 1), so a
 * listing is an order line the customer bought: its order's list status and payment state, and the
 * state of the token transaction (the order's shipping: tokens are "shipped" when minted).
 */

export const listingTypes = ['buy_now'] as const;
export const listingTransactionStatuses = ['pending', 'processing', 'completed', 'cancelled'] as const;
export type ListingTransactionStatus = (typeof listingTransactionStatuses)[number];

export const listingViewSchema = z.object({
  /** The order item's id. */
  id: z.number().int(),
  /** The order's token. */
  order: z.string(),
  orderNumber: z.string().nullable(),
  status: z.string().describe("the order's list status (spec 4)"),
  paymentStatus: z.string().describe("the order's payment state"),
  type: z.enum(listingTypes),
  transactionStatus: z.enum(listingTransactionStatuses),
  /** The variant's IRI `/api/v2/shop/product-variants/{code}`. */
  productVariant: z.string(),
  productCode: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Cents. */
  unitPrice: z.number().int(),
  /** Cents. */
  total: z.number().int(),
  currencyCode: z.string(),
  checkoutCompletedAt: z.string().nullable(),
});
export type ListingView = z.infer<typeof listingViewSchema>;

const transactionStatusOf: Record<ShippingState, ListingTransactionStatus> = {
  ready: 'pending',
  partially_shipped: 'processing',
  shipped: 'completed',
  cancelled: 'cancelled',
};

/** The listings of one placed order (one per line), with the variant as its IRI. */
export function listingsOf(order: OrderListRowView, variantIri: (code: string) => string): ListingView[] {
  return order.items.map((item) => ({
    id: item.id,
    order: order.tokenValue,
    orderNumber: order.number,
    status: order.listStatus,
    paymentStatus: order.paymentState,
    type: 'buy_now',
    transactionStatus: transactionStatusOf[order.shippingState],
    productVariant: variantIri(item.variantCode),
    productCode: item.productCode,
    productName: item.productName,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    total: item.total,
    currencyCode: order.currencyCode,
    checkoutCompletedAt: order.checkoutCompletedAt,
  }));
}
