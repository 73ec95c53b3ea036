import {
  creatorCollectionCreateInputSchema,
  creatorCollectionUpdateInputSchema,
  creatorCollectionViewSchema,
  publicCollectionListQuerySchema,
  publicCollectionViewSchema,
} from '@token/domain/marketplace';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { productResource } from '../../http/serializers/catalog.ts';
import type { App } from '../../http/types.ts';
import {
  createCollection,
  deleteCollectionDraft,
  getOwnCollection,
  getPublicCollection,
  listCreatedCollections,
  listPublicCollections,
  type PublicCollectionData,
  submitCollection,
  updateCollection,
} from './creator-collections.service.ts';

const codeParam = z.object({ code: z.string().min(1).max(200) });
const meta = (code: string) => ({ '@id': iri('collections', code), '@type': 'Collection' });
const publicResource = (c: PublicCollectionData) => ({ ...c, items: c.items.map(productResource) });

/**
 * Creators' collections (issue 18, spec 3 "Collection"; decision 023): the preparation process's
 * draft (owner only; another creator's is 404), its submission, and the public read of submitted
 * collections with their listed items.
 */
export async function creatorCollectionRoutes(app: App) {
  app.post(
    '/collections',
    {
      config: {
        auth: 'customer',
        errors: ['validation_failed'],
        rateLimit: { max: 60, timeWindow: '10 minutes' },
      },
      schema: {
        tags: ['create content'],
        summary: 'A new collection of the creator, a draft named with its artist (prepare-collection)',
        querystring: z.strictObject({ ...localeQuery }),
        body: creatorCollectionCreateInputSchema,
        response: { 201: creatorCollectionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await createCollection({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.locale,
        input: request.body,
      });
      reply.code(201);
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.put(
    '/collections/:code',
    {
      config: { auth: 'customer', errors: ['validation_failed', 'collection_submitted', 'not_found'] },
      schema: {
        tags: ['create content'],
        summary:
          'The creator’s draft anew: reserve price in cents, minting days (Berlin), royalties, network, rows',
        description:
          'What later steps fill in may be null until submitting. A submitted collection is not changed.',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        body: creatorCollectionUpdateInputSchema,
        response: { 200: creatorCollectionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await updateCollection({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
        input: request.body,
      });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.post(
    '/collections/:code/submit',
    {
      config: {
        auth: 'customer',
        errors: ['validation_failed', 'collection_submitted', 'invalid_transition', 'not_found'],
      },
      schema: {
        tags: ['create content'],
        summary: 'Submits the draft (collection-summary); its items stay in review, each on its own',
        description:
          'Needs name, artist, minimum reserve price (>= 0 cents), minting start and an end after it, royalties ' +
          '0-50 %, network, metadata and parameter rows with keys, and at least one item.',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: creatorCollectionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await submitCollection({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
      });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.delete(
    '/collections/:code',
    {
      config: { auth: 'customer', errors: ['collection_submitted', 'not_found'] },
      schema: {
        tags: ['create content'],
        summary: 'Throws the draft away with its items still in review (leaving the preparation process)',
        params: codeParam,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await deleteCollectionDraft({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/created-collections',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['create content'],
        summary: 'The creator’s own collections in every state with all their items, newest first',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(12, 50) }),
        response: { 200: collectionOf(creatorCollectionViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listCreatedCollections({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Collection',
        idOf: (c) => iri('collections', c.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/created-collections/:code',
    {
      config: { auth: 'customer', errors: ['not_found'] },
      schema: {
        tags: ['create content'],
        summary:
          'One of the creator’s collections in any state (the preparation process reads its draft here)',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: creatorCollectionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getOwnCollection({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
      });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.get(
    '/collections',
    {
      schema: {
        tags: ['create content'],
        summary: 'A creator’s submitted collections with their listed items, newest first',
        querystring: publicCollectionListQuerySchema.extend({ ...localeQuery, ...pagingQuery(12, 50) }),
        response: { 200: collectionOf(publicCollectionViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, creator } = request.query;
      const result = await listPublicCollections({
        db: app.db,
        locale: request.locale,
        creatorUuid: creator,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        items: result.items.map(publicResource),
        totalItems: result.totalItems,
        type: 'Collection',
        idOf: (c) => iri('collections', c.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/collections/:code',
    {
      config: { errors: ['not_found'] },
      schema: {
        tags: ['create content'],
        summary: 'A submitted collection with its listed (approved) items; a draft is not found',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: publicCollectionViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getPublicCollection({
        db: app.db,
        locale: request.locale,
        code: request.params.code,
      });
      return sendItem(request, reply, publicResource(view), meta(view.code));
    },
  );
}
