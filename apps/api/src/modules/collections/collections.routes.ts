import { notFound } from '@token/domain/errors';
import {
  addCollectionItemInputSchema,
  collectionItemsPerPage,
  maxCollectionItemsPerPage,
  notificationSettingsSchema,
  productCollectionItemViewSchema,
  productCollectionTypes,
  productCollectionViewSchema,
} from '@token/domain/marketplace';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { productResource } from '../../http/serializers/catalog.ts';
import type { App } from '../../http/types.ts';
import {
  addCollectionItem,
  type CollectionItemData,
  listProductCollections,
  type ProductCollectionData,
  removeCollectionItem,
} from './collections.service.ts';
import { getNotificationSettings, saveNotificationSettings } from './notification-settings.service.ts';

const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const uuidParam = z.strictObject({ uuid: z.uuid() });
const owned = { auth: 'customer' as const, ownerParam: 'uuid' };

/** The last segment of an IRI the body schema already checked (`/api/v2/shop/<resource>/<id>`). */
function idOfIri(value: string): string {
  try {
    return decodeURIComponent(value.slice(value.lastIndexOf('/') + 1));
  } catch {
    throw notFound();
  }
}

function itemResource(collection: { id: number; type: string }, item: CollectionItemData) {
  return {
    id: item.id,
    // my-items are read from the paid orders: their IRI names the product within the collection.
    '@id':
      collection.type === 'favourites'
        ? iri('product-collection-items', item.id)
        : `${iri('product-collections', collection.id)}/items/${item.id}`,
    amount: item.amount,
    position: item.position,
    product: productResource(item.product),
  };
}

function collectionResource(c: ProductCollectionData) {
  return {
    id: c.id,
    '@id': iri('product-collections', c.id),
    type: c.type,
    totalItems: c.totalItems,
    items: c.items.map((item) => itemResource(c, item)),
  };
}

/** Favourites and my collection (spec 3/7 product collections) and the notification settings. */
export async function collectionRoutes(app: App) {
  app.get(
    '/product-collections',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['collections'],
        summary:
          'The customer’s collections of a type (favourites: created on first read; my-items: the collectibles bought in paid orders), with one page of items',
        querystring: z.strictObject({
          ...localeQuery,
          type: z.enum(productCollectionTypes),
          ...pagingQuery(collectionItemsPerPage, maxCollectionItemsPerPage),
        }),
        response: { 200: collectionOf(productCollectionViewSchema) },
      },
    },
    async (request, reply) => {
      const { type, page, itemsPerPage } = request.query;
      const collections = await listProductCollections({
        db: app.db,
        customerId: customerOf(request).id,
        type,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        items: collections.map(collectionResource),
        totalItems: collections.length,
        type: 'ProductCollection',
        idOf: (c) => c['@id'],
      });
    },
  );

  app.post(
    '/product-collection-items',
    {
      config: { auth: 'customer', errors: ['not_found', 'collection_not_editable'] },
      schema: {
        tags: ['collections'],
        summary:
          'Adds a product to the customer’s favourites (201); a product already there answers its item (200). my-items is refused (409)',
        querystring: z.strictObject({ ...localeQuery }),
        body: addCollectionItemInputSchema,
        response: { 200: productCollectionItemViewSchema, 201: productCollectionItemViewSchema },
      },
    },
    async (request, reply) => {
      const collectionId = idOfIri(request.body.productCollection);
      if (!/^\d{1,9}$/.test(collectionId)) throw notFound();
      const { item, created } = await addCollectionItem({
        db: app.db,
        customerId: customerOf(request).id,
        collectionId: Number(collectionId),
        productCode: idOfIri(request.body.product),
        position: request.body.position,
        locale: request.locale,
      });
      const resource = itemResource({ id: Number(collectionId), type: 'favourites' }, item);
      reply.status(created ? 201 : 200).header('location', resource['@id']);
      return sendItem(request, reply, resource, {
        '@id': resource['@id'],
        '@type': 'ProductCollectionItem',
      });
    },
  );

  app.delete(
    '/product-collection-items/:id',
    {
      config: { auth: 'customer', errors: ['not_found'] },
      schema: {
        tags: ['collections'],
        summary: 'Removes an item from the customer’s favourites',
        params: idParam,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeCollectionItem({ db: app.db, customerId: customerOf(request).id, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/customers/:uuid/notification-settings',
    {
      config: owned,
      schema: {
        tags: ['customers'],
        summary: 'The notification settings (spec 3); every one on when never saved',
        params: uuidParam,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => getNotificationSettings({ db: app.db, customerId: customerOf(request).id }),
  );

  app.put(
    '/customers/:uuid/notification-settings',
    {
      config: owned,
      schema: {
        tags: ['customers'],
        summary: 'Saves the five notification settings (auction end, new follower, bid, drop, sale)',
        params: uuidParam,
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) =>
      saveNotificationSettings({ db: app.db, customerId: customerOf(request).id, settings: request.body }),
  );
}
