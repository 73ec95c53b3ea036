import {
  confirmErasureInputSchema,
  erasureRequestAdminViewSchema,
  erasureStates,
  refuseErasureInputSchema,
} from '@token/domain/privacy';
import { z } from 'zod';
import { operatorApiBase, operatorOf } from '../../http/auth.ts';
import { collectionOf, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { confirmErasure, listErasureRequests, refuseErasure } from './erasure.service.ts';

const idParam = z.strictObject({ id: z.uuid() });
const operator = { auth: 'operator' as const };
const iriOf = (id: string) => `${operatorApiBase}/erasure-requests/${id}`;

/** The operator's side of erasure requests (issue 19): the list, confirm (the erasure runs), refuse. */
export async function privacyAdminRoutes(app: App) {
  app.get(
    '/erasure-requests',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: 'Erasure requests: open ones first (oldest first), then decided ones',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(20, 100),
          state: z.enum(erasureStates).optional(),
        }),
        response: { 200: collectionOf(erasureRequestAdminViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, state } = request.query;
      const result = await listErasureRequests({ db: app.db, state, page: { page, itemsPerPage } });
      return sendCollection(request, reply, {
        ...result,
        type: 'ErasureRequest',
        idOf: (r) => iriOf(r.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.post(
    '/erasure-requests/:id/confirm',
    {
      config: {
        ...operator,
        errors: ['not_found', 'erasure_request_decided', 'erasure_open_positions', 'erasure_unpaid_orders'],
      },
      schema: {
        tags: ['admin'],
        summary: 'Confirms an erasure request: keeps and locks what the law requires, erases the rest',
        params: idParam,
        body: confirmErasureInputSchema,
        response: { 200: erasureRequestAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await confirmErasure({
        db: app.db,
        storage: app.partners.storage,
        mailCtx: await mailContext(app),
        operatorId: operatorOf(request).id,
        requestId: request.params.id,
        input: request.body,
      });
      return sendItem(request, reply, view, { '@id': iriOf(view.id), '@type': 'ErasureRequest' });
    },
  );

  app.post(
    '/erasure-requests/:id/refuse',
    {
      config: { ...operator, errors: ['not_found', 'erasure_request_decided'] },
      schema: {
        tags: ['admin'],
        summary: 'Refuses an erasure request with a reason (mailed to the customer)',
        params: idParam,
        body: refuseErasureInputSchema,
        response: { 200: erasureRequestAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await refuseErasure({
        db: app.db,
        mailCtx: await mailContext(app),
        operatorId: operatorOf(request).id,
        requestId: request.params.id,
        input: request.body,
      });
      return sendItem(request, reply, view, { '@id': iriOf(view.id), '@type': 'ErasureRequest' });
    },
  );
}
