import { createWalletInputSchema, walletViewSchema } from '@token/domain/wallets';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { createCustodyWallet, getWallet, listWallets } from './wallets.service.ts';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The customer's wallets (spec 7: POST wallets {type, defaultWallet, name}, GET wallets?itemsPerPage=400). */
export async function walletRoutes(app: App) {
  app.get(
    '/wallets',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallets'],
        summary: 'The customer’s wallets, oldest first',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 400) }),
        response: { 200: collectionOf(walletViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listWallets({
        db: app.db,
        customerId: customerOf(request).id,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Wallet',
        idOf: (w) => iri('wallets', w.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/wallets/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallets'],
        summary: 'One of the customer’s wallets',
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: walletViewSchema },
      },
    },
    async (request, reply) => {
      const wallet = await getWallet({
        db: app.db,
        customerId: customerOf(request).id,
        id: request.params.id,
      });
      return sendItem(request, reply, wallet, { '@id': iri('wallets', wallet.id), '@type': 'Wallet' });
    },
  );

  app.post(
    '/wallets',
    {
      config: {
        auth: 'customer',
        errors: [
          'wallet_exists',
          'identification_required',
          'customer_banned',
          'invalid_transition',
          'partner_unavailable',
          'not_found',
        ],
      },
      schema: {
        tags: ['wallets'],
        summary:
          'Opens the customer’s custody wallet at the custody partner (one per customer, after the identification passed); the registrar status becomes approval_required',
        querystring: z.strictObject({ ...localeQuery }),
        body: createWalletInputSchema,
        response: { 201: walletViewSchema },
      },
    },
    async (request, reply) => {
      const wallet = await createCustodyWallet({
        db: app.db,
        custody: app.partners.custody,
        customerId: customerOf(request).id,
        locale: request.locale,
        input: request.body,
        log: request.log,
      });
      reply.status(201).header('location', iri('wallets', wallet.id));
      return sendItem(request, reply, wallet, { '@id': iri('wallets', wallet.id), '@type': 'Wallet' });
    },
  );
}
