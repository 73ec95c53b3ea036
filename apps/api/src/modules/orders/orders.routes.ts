import {
  completeOrderRequestSchema,
  discountCodeInputSchema,
  invoiceViewSchema,
  orderListRowViewSchema,
  orderViewSchema,
  paymentConfigurationViewSchema,
} from '@token/domain/orders';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { invoiceResource, orderResource } from '../../http/serializers/orders.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { openCardCheckout } from './card-checkout.service.ts';
import {
  addOrderItem,
  applyDiscountCode,
  changeOrderItemQuantity,
  createOrder,
  deleteOrder,
  removeOrderItem,
} from './cart.service.ts';
import { completeOrder } from './checkout.service.ts';
import { confirmLegalDocuments, sendLegalDocuments } from './legal-documents.service.ts';
import { cancelOwnOrder } from './order-lifecycle.service.ts';
import { getOrder, listOrderInvoices, listOrders } from './order-views.service.ts';
import { getPaymentConfiguration, selectPaymentMethod } from './payment-choice.service.ts';

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const tokenParam = z.strictObject({ tokenValue: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });
const itemParams = tokenParam.extend({ itemId: id });
const paymentParams = tokenParam.extend({ paymentId: id });
const quantity = z.number().int().min(1).max(1_000_000_000);
const emptyBody = z.strictObject({}).nullish();

// Every order call: a logged-in customer; another customer's token is 404 (convention 3).
const customer = {
  auth: 'customer' as const,
  errors: ['order_not_found', 'order_not_editable'] as const,
};
const buying = {
  auth: 'customer' as const,
  errors: [
    'order_not_found',
    'order_not_editable',
    'order_item_not_found',
    'one_product_per_order',
    'bond_and_collectible_mixed',
    'variant_not_found',
    'quantity_invalid',
    'quantity_step',
    'minimum_subscription',
    'maximum_order',
    'investment_limit_exceeded',
    'investor_limit_reached',
    'insufficient_stock',
    'professional_only',
    'buy_not_allowed',
  ] as const,
};

/** The shop's order calls (spec 7, Sylius order flow; shipping is skipped for tokens). */
export async function orderRoutes(app: App) {
  const send = (
    request: Parameters<typeof sendItem>[0],
    reply: Parameters<typeof sendItem>[1],
    order: z.infer<typeof orderViewSchema>,
  ) =>
    sendItem(request, reply, orderResource(order), {
      '@id': iri('orders', order.tokenValue),
      '@type': 'Order',
    });

  app.post(
    '/orders',
    {
      config: customer,
      schema: {
        tags: ['orders'],
        summary: 'A new cart (an existing non-empty cart of the customer is deleted and recreated)',
        body: z.strictObject({ locale: z.enum(['de', 'en']).optional() }).nullish(),
        response: { 201: orderViewSchema },
      },
    },
    async (request, reply) => {
      const order = await createOrder({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.body?.locale ?? request.locale,
      });
      reply.status(201);
      return send(request, reply, order);
    },
  );

  app.get(
    '/orders',
    {
      config: customer,
      schema: {
        tags: ['orders'],
        summary: "The customer's placed orders, newest checkout first",
        // the products' names follow the reader's language (?locale= or Accept-Language)
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(50, 50) }),
        response: { 200: collectionOf(orderListRowViewSchema) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, itemsPerPage: request.query.itemsPerPage };
      const { items, totalItems } = await listOrders({
        db: app.db,
        customerId: customerOf(request).id,
        page,
        locale: request.locale,
      });
      return sendCollection(request, reply, {
        items: items.map(orderResource),
        totalItems,
        type: 'Order',
        idOf: (o) => iri('orders', o.tokenValue),
        page,
      });
    },
  );

  app.get(
    '/orders/:tokenValue',
    {
      config: customer,
      schema: {
        tags: ['orders'],
        summary: 'One order of the customer',
        params: tokenParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) => {
      const order = await getOrder({
        db: app.db,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
        locale: request.locale,
      });
      return send(request, reply, order);
    },
  );

  app.delete(
    '/orders/:tokenValue',
    {
      config: { ...customer, errors: ['order_not_found', 'order_not_cancellable'] as const },
      schema: {
        tags: ['orders'],
        summary: 'Deletes the cart (spec 2: leaving the order process); placed orders are not deleted',
        params: tokenParam,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteOrder({
        db: app.db,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/orders/:tokenValue/items',
    {
      config: buying,
      schema: {
        tags: ['orders'],
        summary: 'Adds tokens of a variant (its IRI /api/v2/shop/product-variants/{code}, or its code)',
        params: tokenParam,
        body: z.strictObject({ productVariant: z.string().min(1).max(300), quantity }),
        response: { 201: orderViewSchema },
      },
    },
    async (request, reply) => {
      const order = await addOrderItem({
        db: app.db,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
        productVariant: request.body.productVariant,
        quantity: request.body.quantity,
      });
      reply.status(201);
      return send(request, reply, order);
    },
  );

  app.patch(
    '/orders/:tokenValue/items/:itemId',
    {
      config: buying,
      schema: {
        tags: ['orders'],
        summary: 'Changes the quantity of an item',
        params: itemParams,
        body: z.strictObject({
          quantity,
          tokenValue: z.string().max(100).optional(),
          orderItemId: z.union([z.number().int(), z.string().max(20)]).optional(),
        }),
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await changeOrderItemQuantity({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
          itemId: request.params.itemId,
          quantity: request.body.quantity,
        }),
      ),
  );

  app.delete(
    '/orders/:tokenValue/items/:itemId',
    {
      config: {
        ...customer,
        errors: ['order_not_found', 'order_not_editable', 'order_item_not_found'] as const,
      },
      schema: {
        tags: ['orders'],
        summary: 'Removes an item',
        params: itemParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeOrderItem({
        db: app.db,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
        itemId: request.params.itemId,
      });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/orders/:tokenValue/legal-documents-confirm',
    {
      config: { ...customer, errors: ['order_not_found', 'order_not_editable', 'order_empty'] as const },
      schema: {
        tags: ['orders'],
        summary: "Confirms the bond's legal documents (time and the documents' versions are stored)",
        params: tokenParam,
        body: emptyBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await confirmLegalDocuments({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
        }),
      ),
  );

  app.patch(
    '/orders/:tokenValue/legal-documents-send',
    {
      config: { ...customer, errors: ['order_not_found', 'order_empty'] as const },
      schema: {
        tags: ['orders'],
        summary: "Mails the bond's legal documents to the investor in their language",
        params: tokenParam,
        body: emptyBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await sendLegalDocuments({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
          ...(await mailContext(app)),
        }),
      ),
  );

  app.patch(
    '/orders/:tokenValue/payments/:paymentId',
    {
      config: {
        ...customer,
        errors: [
          'order_not_found',
          'order_not_editable',
          'order_empty',
          'payment_not_found',
          'payment_method_unavailable',
        ] as const,
      },
      schema: {
        tags: ['orders'],
        summary: 'Chooses the payment method (its IRI or code: `offline` or the card method)',
        params: paymentParams,
        body: z.strictObject({ paymentMethod: z.string().min(1).max(300) }),
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await selectPaymentMethod({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
          paymentId: request.params.paymentId,
          paymentMethod: request.body.paymentMethod,
        }),
      ),
  );

  app.get(
    '/orders/:tokenValue/payments/:paymentId/configuration',
    {
      config: {
        ...customer,
        errors: ['order_not_found', 'payment_not_found', 'payment_method_not_selected'] as const,
      },
      schema: {
        tags: ['orders'],
        summary: 'How to pay: bank account, amount and reference (offline) or what the card provider needs',
        params: paymentParams,
        response: { 200: paymentConfigurationViewSchema },
      },
    },
    async (request, reply) => {
      const configuration = await getPaymentConfiguration({
        db: app.db,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
        paymentId: request.params.paymentId,
        card: app.partners.card,
        log: request.log,
      });
      return sendItem(request, reply, configuration, {
        '@id': `${iri('orders', request.params.tokenValue)}/payments/${request.params.paymentId}/configuration`,
        '@type': 'PaymentConfiguration',
      });
    },
  );

  app.post(
    '/orders/:tokenValue/payments/:paymentId/checkout-session',
    {
      config: {
        ...customer,
        errors: [
          'order_not_found',
          'payment_not_found',
          'payment_method_not_selected',
          'payment_method_unavailable',
          'order_not_payable',
          // the card partner's minimum charge (EUR 0.50)
          'payment_amount_invalid',
          'partner_unavailable',
        ] as const,
      },
      schema: {
        tags: ['orders'],
        summary:
          "Opens the card partner's checkout for a placed card order awaiting payment (an open session is reused); answers its redirectUrl",
        params: paymentParams,
        body: emptyBody,
        response: { 200: paymentConfigurationViewSchema },
      },
    },
    async (request, reply) => {
      const configuration = await openCardCheckout({
        db: app.db,
        card: app.partners.card,
        publicUrl: app.config.publicUrl,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
        paymentId: request.params.paymentId,
      });
      return sendItem(request, reply, configuration, {
        '@id': `${iri('orders', request.params.tokenValue)}/payments/${request.params.paymentId}/configuration`,
        '@type': 'PaymentConfiguration',
      });
    },
  );

  app.patch(
    '/orders/:tokenValue/coupon',
    {
      config: {
        ...customer,
        errors: ['order_not_found', 'order_not_editable', 'discount_code_invalid'] as const,
      },
      schema: {
        tags: ['orders'],
        summary: 'Applies a discount code to the order (null removes it); the payment method is chosen again',
        params: tokenParam,
        body: discountCodeInputSchema,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await applyDiscountCode({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
          couponCode: request.body.couponCode,
        }),
      ),
  );

  app.patch(
    '/orders/:tokenValue/complete',
    {
      config: {
        ...buying,
        errors: [
          ...buying.errors,
          'order_empty',
          'legal_documents_not_confirmed',
          'payment_method_not_selected',
          'payment_method_unavailable',
          'digital_content_consent_required',
        ] as const,
      },
      schema: {
        tags: ['orders'],
        summary:
          "Places the order: a bond's statements and § 6 declarations, or a collectible's consent to immediate delivery (§ 356 (5) BGB); takes stock, investor seat and invoice number atomically",
        params: tokenParam,
        body: completeOrderRequestSchema,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await completeOrder({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
          input: request.body,
          paymentDays: app.config.orders.paymentDays,
          ...(await mailContext(app)),
          card: app.partners.card,
          log: request.log,
        }),
      ),
  );

  app.patch(
    '/orders/:tokenValue/cancel',
    {
      config: { ...customer, errors: ['order_not_found', 'order_not_cancellable'] as const },
      schema: {
        tags: ['orders'],
        summary: 'Cancels a placed order that awaits payment, releasing its tokens and investor seat',
        params: tokenParam,
        body: emptyBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await cancelOwnOrder({
          db: app.db,
          customerId: customerOf(request).id,
          tokenValue: request.params.tokenValue,
          ...(await mailContext(app)),
        }),
      ),
  );

  app.get(
    '/orders/:tokenValue/invoices',
    {
      config: { ...customer, errors: ['order_not_found'] as const },
      schema: {
        tags: ['orders'],
        summary: 'The invoice(s) of a placed order (number unique and gap-free per year)',
        params: tokenParam,
        response: { 200: collectionOf(invoiceViewSchema) },
      },
    },
    async (request, reply) => {
      const items = await listOrderInvoices({
        db: app.db,
        customerId: customerOf(request).id,
        tokenValue: request.params.tokenValue,
      });
      return sendCollection(request, reply, {
        items: items.map(invoiceResource),
        totalItems: items.length,
        type: 'Invoice',
        idOf: (i) => iri('invoices', i.id),
      });
    },
  );
}
