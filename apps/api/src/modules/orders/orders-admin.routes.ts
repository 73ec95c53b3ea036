import { orderViewSchema, paymentStates } from '@token/domain/orders';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, pagingQuery, sendCollection } from '../../http/hydra.ts';
import { orderResource } from '../../http/serializers/orders.ts';
import type { App } from '../../http/types.ts';
import { cancelOrderAsOperator, listOrdersForOperator } from './orders-admin.service.ts';

const operator = { auth: 'operator' as const };
const operatorOrderSchema = orderViewSchema.extend({
  customer: z.object({ uuid: z.string(), email: z.string(), name: z.string() }),
});

/** Operators' order calls under /api/v2/admin/ (issue 8): search placed orders, cancel with a reason. */
export async function orderAdminRoutes(app: App) {
  app.get(
    '/orders',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: 'Placed orders, newest first; search by number, token, payment reference or e-mail',
        querystring: z.strictObject({
          ...pagingQuery(30, 100),
          search: z.string().trim().max(200).optional(),
          paymentState: z.enum(paymentStates).optional(),
        }),
        response: { 200: collectionOf(operatorOrderSchema) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, itemsPerPage: request.query.itemsPerPage };
      const { items, totalItems } = await listOrdersForOperator({
        db: app.db,
        search: request.query.search,
        paymentState: request.query.paymentState,
        page,
      });
      return sendCollection(request, reply, {
        items: items.map((o) => ({ ...orderResource(o), customer: o.customer })),
        totalItems,
        type: 'Order',
        idOf: (o) => `/api/v2/admin/orders/${o.tokenValue}`,
        page,
      });
    },
  );

  app.post(
    '/orders/:tokenValue/cancel',
    {
      config: { ...operator, errors: ['order_not_found', 'order_not_cancellable'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Cancels a placed order awaiting payment (releases tokens and investor seat); reason in the audit log',
        params: z.strictObject({ tokenValue: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
        body: z.strictObject({ reason: z.string().trim().min(3).max(1000) }),
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) => {
      const order = await cancelOrderAsOperator({
        db: app.db,
        operatorId: operatorOf(request).id,
        tokenValue: request.params.tokenValue,
        reason: request.body.reason,
        mail: app.partners.mail,
        publicUrl: app.config.publicUrl,
      });
      return reply.send(orderResource(order));
    },
  );
}
