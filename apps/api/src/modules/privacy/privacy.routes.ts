import {
  dataExportInputSchema,
  dataExportLinkSchema,
  dataExportViewSchema,
  erasureBlocker,
  erasureRequestInputSchema,
  erasureRequestViewSchema,
} from '@token/domain/privacy';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { dataExportLink, listDataExports, requestDataExport } from './data-export.service.ts';
import {
  findOpenPositions,
  listMyErasureRequests,
  requestErasure,
  withdrawErasureRequest,
} from './erasure.service.ts';

const uuidParam = z.strictObject({ uuid: z.uuid() });
const itemParams = z.strictObject({ uuid: z.uuid(), id: z.uuid() });
const owned = { auth: 'customer' as const, ownerParam: 'uuid' };
const reauthErrors = [
  'bad_credentials',
  'two_factor_required',
  'two_factor_invalid',
  'too_many_requests',
] as const;

const openPositionsSchema = z.object({
  tokensHeld: z.number().int(),
  unpaidOrders: z.number().int(),
  ordersToMint: z.number().int(),
  pendingPayouts: z.number().int(),
  blocker: z.enum(['erasure_open_positions', 'erasure_unpaid_orders']).nullable(),
});

/**
 * Data protection for the customer (issue 19, decision 024): the data export (GDPR Art. 15/20), built
 * by a job into the private bucket and downloaded through a short-lived signed link, and the erasure
 * request (Art. 17), decided by an operator. Both need the password (and the code with two-factor on).
 */
export async function privacyRoutes(app: App) {
  const { secretBox } = app.accountKit;

  app.post(
    '/customers/:uuid/data-exports',
    {
      config: { ...owned, errors: [...reauthErrors, 'data_export_pending'] },
      schema: {
        tags: ['privacy'],
        summary: 'Requests a data export (zip of data.json and the stored files), built in the background',
        params: uuidParam,
        body: dataExportInputSchema,
        response: { 202: dataExportViewSchema },
      },
    },
    async (request, reply) => {
      const view = await requestDataExport({
        db: app.db,
        secretBox,
        customerId: customerOf(request).id,
        input: request.body,
      });
      return reply.status(202).send(view);
    },
  );

  app.get(
    '/customers/:uuid/data-exports',
    {
      config: owned,
      schema: {
        tags: ['privacy'],
        summary: 'The customer’s data exports, newest first',
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: collectionOf(dataExportViewSchema) },
      },
    },
    async (request, reply) => {
      const items = await listDataExports({ db: app.db, customerId: customerOf(request).id });
      reply.header('cache-control', 'private, no-store');
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'DataExport',
        idOf: (e) => `${iri('customers', request.params.uuid)}/data-exports/${e.id}`,
      });
    },
  );

  app.get(
    '/customers/:uuid/data-exports/:id/link',
    {
      config: { ...owned, errors: ['data_export_not_ready'] },
      schema: {
        tags: ['privacy'],
        summary: 'A signed link (valid a few minutes) to download a ready export',
        params: itemParams,
        response: { 200: dataExportLinkSchema },
      },
    },
    async (request, reply) => {
      const link = await dataExportLink({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        exportId: request.params.id,
      });
      reply.header('cache-control', 'private, no-store');
      return link;
    },
  );

  app.get(
    '/customers/:uuid/open-positions',
    {
      config: owned,
      schema: {
        tags: ['privacy'],
        summary: 'What keeps the customer from being erased now (tokens, unpaid orders, payouts)',
        params: uuidParam,
        response: { 200: openPositionsSchema },
      },
    },
    async (request, reply) => {
      const open = await findOpenPositions(app.db, customerOf(request).id);
      reply.header('cache-control', 'private, no-store');
      return { ...open, blocker: erasureBlocker(open) };
    },
  );

  app.post(
    '/customers/:uuid/erasure-requests',
    {
      config: {
        ...owned,
        errors: [...reauthErrors, 'erasure_open_positions', 'erasure_unpaid_orders', 'erasure_request_open'],
      },
      schema: {
        tags: ['privacy'],
        summary: 'Files an erasure request (refused at once while positions are open)',
        params: uuidParam,
        body: erasureRequestInputSchema,
        response: { 201: erasureRequestViewSchema },
      },
    },
    async (request, reply) => {
      const view = await requestErasure({
        db: app.db,
        secretBox,
        mailCtx: await mailContext(app),
        customerId: customerOf(request).id,
        input: request.body,
      });
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/customers/:uuid/erasure-requests',
    {
      config: owned,
      schema: {
        tags: ['privacy'],
        summary: 'The customer’s erasure requests, newest first',
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: collectionOf(erasureRequestViewSchema) },
      },
    },
    async (request, reply) => {
      const items = await listMyErasureRequests({ db: app.db, customerId: customerOf(request).id });
      reply.header('cache-control', 'private, no-store');
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'ErasureRequest',
        idOf: (e) => `${iri('customers', request.params.uuid)}/erasure-requests/${e.id}`,
      });
    },
  );

  app.delete(
    '/customers/:uuid/erasure-requests/:id',
    {
      config: { ...owned, errors: ['erasure_request_decided'] },
      schema: {
        tags: ['privacy'],
        summary: 'Withdraws an open erasure request',
        params: itemParams,
        response: { 200: erasureRequestViewSchema },
      },
    },
    async (request, reply) => {
      const view = await withdrawErasureRequest({
        db: app.db,
        customerId: customerOf(request).id,
        requestId: request.params.id,
      });
      return sendItem(request, reply, view, {
        '@id': `${iri('customers', request.params.uuid)}/erasure-requests/${view.id}`,
        '@type': 'ErasureRequest',
      });
    },
  );
}
