import {
  registerEntryViewSchema,
  tokenAssetViewSchema,
  transferInputSchema,
  transferRefusals,
  transferViewSchema,
} from '@token/domain/register';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { codeJudge } from '../accounts/two-factor.service.ts';
import { listRegisterEntries, listTokenAssets } from './depot.service.ts';
import { listTransfers, placeTransfer } from './transfers.service.ts';

/**
 * Transfer requests per customer and minute: a person sends a few; the code's own lock-out (five wrong
 * codes, 15 minutes) guards the guessing, this the flood of requests behind it.
 */
export const transferRateLimit = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `token-transfer|${request.customer?.id ?? request.ip}`,
} as const;

const transferMeta = (id: number) => ({ '@id': iri('token-transfers', id), '@type': 'TokenTransfer' });

/** The investor's side of the token register (decision 016): transfers, the depot and their register lines. */
export async function registerShopRoutes(app: App) {
  const { secretBox } = app.accountKit;

  app.post(
    '/token/transfer',
    {
      config: {
        auth: 'customer',
        rateLimit: transferRateLimit,
        errors: [...transferRefusals, 'too_many_requests', 'not_found', 'transfer_failed'],
      },
      schema: {
        tags: ['register'],
        summary:
          'Asks the registrar to transfer tokens to a whitelisted investor; needs a fresh two-factor code (202, pending until confirmed)',
        querystring: z.strictObject({ ...localeQuery }),
        body: transferInputSchema,
        response: { 202: transferViewSchema },
      },
    },
    async (request, reply) => {
      const transfer = await placeTransfer({
        db: app.db,
        customerId: customerOf(request).id,
        input: request.body,
        judgeCode: codeJudge(secretBox),
      });
      reply.status(202).header('cache-control', 'no-store');
      return sendItem(request, reply, transfer, transferMeta(transfer.id));
    },
  );

  app.get(
    '/token-transfers',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['register'],
        summary: 'The customer’s token transfers, sent and received, newest first',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(transferViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listTransfers({
        db: app.db,
        customerId: customerOf(request).id,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'TokenTransfer',
        idOf: (x) => iri('token-transfers', x.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/token-assets',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['register'],
        summary: 'The depot: per bond held or paid for, minted and not yet minted tokens, pending outgoing',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(100, 400) }),
        response: { 200: collectionOf(tokenAssetViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listTokenAssets({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'TokenAsset',
        idOf: (x) => iri('token-assets', x.product.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/register-entries',
    {
      config: { auth: 'customer', errors: ['not_found'] },
      schema: {
        tags: ['register'],
        summary:
          'The register lines of one bond that concern the customer (pending transfers first), newest first',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(30, 200),
          product: z.string().trim().min(1).max(200),
        }),
        response: { 200: collectionOf(registerEntryViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, product } = request.query;
      const result = await listRegisterEntries({
        db: app.db,
        customerId: customerOf(request).id,
        productCode: product,
        page: { page, itemsPerPage },
      });
      const ids = new Map(
        result.items.map((line) => [
          line.view,
          'transferId' in line.ref
            ? iri('token-transfers', line.ref.transferId)
            : `${iri('products', line.view.product)}/register-entries/${line.ref.sequence}`,
        ]),
      );
      return sendCollection(request, reply, {
        items: result.items.map((line) => line.view),
        totalItems: result.totalItems,
        type: 'RegisterEntry',
        idOf: (view) => ids.get(view) ?? iri('register-entries', ''),
        page: { page, itemsPerPage },
      });
    },
  );
}
