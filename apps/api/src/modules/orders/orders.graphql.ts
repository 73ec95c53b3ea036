import { listingsOf, listingViewSchema } from '@token/domain/marketplace';
import {
  invoiceViewSchema,
  orderItemViewSchema,
  orderListRowViewSchema,
  orderPaymentViewSchema,
} from '@token/domain/orders';
import { type GraphQLFieldConfigMap, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';
import { z } from 'zod';
import { type GraphQLContext, requireCustomer } from '../../graphql/context.ts';
import { pagedField, parseArgs } from '../../graphql/paging.ts';
import { nameViews, objectTypeOf } from '../../graphql/zod-types.ts';
import { iri } from '../../http/hydra.ts';
import { invoiceResource, orderResource } from '../../http/serializers/orders.ts';
import { listOrderInvoices, listOrders } from './order-views.service.ts';

/*
 * The customer's orders in GraphQL (spec 7: orders newest checkout first, invoices by order token,
 * paid orders, listings): customer-only, the same services and serializers as `orders.routes.ts`;
 * another customer's order token answers `order_not_found`, as REST.
 */

nameViews([
  [orderItemViewSchema, 'OrderItem'],
  [orderPaymentViewSchema, 'OrderPayment'],
]);
const OrderType = objectTypeOf(orderListRowViewSchema, 'Order');
const InvoiceType = objectTypeOf(invoiceViewSchema, 'Invoice');
const ListingType = objectTypeOf(listingViewSchema, 'Listing');

// spec 9: orders 50 per page (REST's default and maximum).
const orderPage = { defaultItems: 50, maxItems: 50 };

export const orderQueries: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
  orders: pagedField<GraphQLContext>({
    type: OrderType,
    description: "The customer's placed orders, newest checkout first, as GET orders.",
    ...orderPage,
    list: async (ctx, page, locale) => {
      const { id } = requireCustomer(ctx);
      const result = await listOrders({ db: ctx.db, customerId: id, page, locale });
      return { items: result.items.map(orderResource), totalItems: result.totalItems };
    },
  }),
  paidOrders: pagedField<GraphQLContext>({
    type: OrderType,
    description: "The customer's paid orders (paid or authorized), newest checkout first.",
    ...orderPage,
    list: async (ctx, page, locale) => {
      const { id } = requireCustomer(ctx);
      const result = await listOrders({ db: ctx.db, customerId: id, page, locale, paidOnly: true });
      return { items: result.items.map(orderResource), totalItems: result.totalItems };
    },
  }),
  listings: pagedField<GraphQLContext>({
    type: ListingType,
    description:
      "The customer's listings (spec 3): the lines of their placed orders, newest checkout first, paged by order.",
    ...orderPage,
    list: async (ctx, page, locale) => {
      const { id } = requireCustomer(ctx);
      const result = await listOrders({ db: ctx.db, customerId: id, page, locale });
      const items = result.items.flatMap((order) =>
        listingsOf(order, (code) => iri('product-variants', code)),
      );
      return { items, totalItems: result.totalItems };
    },
  }),
  invoices: {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(InvoiceType))),
    description: 'The invoice(s) of one of the customer’s placed orders, as GET orders/{token}/invoices.',
    args: { orderToken: { type: new GraphQLNonNull(GraphQLString) } },
    resolve: async (_root, args, ctx) => {
      const { id } = requireCustomer(ctx);
      const a = parseArgs(z.object({ orderToken: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }), args);
      const items = await listOrderInvoices({ db: ctx.db, customerId: id, tokenValue: a.orderToken });
      return items.map(invoiceResource);
    },
  },
};
