import { maxProductsPerPage, productsPerPage } from '@token/domain/catalog';
import {
  creatorViewSchema,
  productVariantDetailViewSchema,
  productViewSchema,
} from '@token/domain/catalog-views';
import { z } from 'zod';
import { createCatalogCache } from '../../http/catalog-cache.ts';
import { matchesIfNoneMatch, notModifiedResponse } from '../../http/etag.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { productResource, productVariantResource, taxonResource } from '../../http/serializers/catalog.ts';
import type { App } from '../../http/types.ts';
import { readStoredFile } from '../media/media.service.ts';
import { readCatalogRevision, readStockFigures } from './catalog-revision.ts';
import { attachmentDisposition, getLegalDocumentFile } from './legal-documents.service.ts';
import {
  decodeListCursor,
  getProduct,
  getProductVariant,
  listCreators,
  listProducts,
} from './products.service.ts';
import { getTaxon, listTaxons } from './taxons.service.ts';

// Text a filter may carry: no control characters (PostgreSQL rejects NUL; none belong in a search).
const filterText = z
  .string()
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'control characters are not allowed');

const filterTextList = z
  .union([filterText, z.array(filterText).max(50)])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean));

// spec 5: price range filters ignore empty or zero values; amounts are cents.
const priceBound = z
  .string()
  .regex(/^\s*\d{0,10}\s*$/, 'a whole number of cents')
  .transform((s) => (s.trim() === '' ? undefined : Number(s)))
  .pipe(z.number().int().max(2_147_483_647).optional())
  .transform((n) => (n ? n : undefined))
  .describe('Price in cents on the default variant in channel `token`; empty or 0 is ignored.');

const productsQuery = z.strictObject({
  ...localeQuery,
  ...pagingQuery(productsPerPage, maxProductsPerPage),
  'translations.name': filterText
    .optional()
    .describe('Case-insensitive phrase in the name (requested language, German fallback).'),
  name: filterText.optional().describe('Alias of `translations.name`.'),
  'taxon.code': filterTextList
    .optional()
    .describe('Taxon code(s): products whose main taxon or product taxons are that taxon or below it.'),
  'taxon.code[]': filterTextList.optional().describe('List form of `taxon.code`.'),
  'productTaxons.taxon.code': filterTextList.optional().describe('Sylius spelling of `taxon.code`.'),
  'productTaxons.taxon.code[]': filterTextList
    .optional()
    .describe('List form of `productTaxons.taxon.code`.'),
  'creator.uuid': z
    .string()
    .regex(/^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$/, 'a UUID')
    .optional()
    .describe('Products of this creator (customer uuid); empty is ignored.'),
  'price[gte]': priceBound.optional(),
  'price[lte]': priceBound.optional(),
  'price[gt]': priceBound.optional(),
  'price[lt]': priceBound.optional(),
  'order[createdAt]': z
    .enum(['asc', 'desc'])
    .optional()
    .describe('Creation order; ascending (oldest first) by default, ties by id.'),
  after: z
    .string()
    .max(64)
    .transform((text, ctx) => {
      // empty: the first page, with the view's links by cursor
      if (text === '') return undefined;
      const cursor = decodeListCursor(text);
      if (!cursor) ctx.addIssue({ code: 'custom', message: 'not a list cursor' });
      return cursor ?? undefined;
    })
    .optional()
    .describe(
      'Keyset paging: the products after this cursor (the `after` of `hydra:next`; empty for the first page), in the same order and filters; ' +
        'costs the same on any page, where `page` grows with its number.',
    ),
});

// OpenAPI cannot inline the recursive taxon view; document it with children one level deep.
const taxonFields = {
  id: z.number().int(),
  code: z.string(),
  level: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  translations: z.record(z.string(), z.looseObject({ locale: z.string(), name: z.string() })),
  parent: z.string().nullable().describe('IRI of the parent taxon'),
  position: z.number().int(),
};
const taxonDocSchema = z.looseObject({
  ...taxonFields,
  children: z.array(z.looseObject({ ...taxonFields, children: z.array(z.looseObject({})) })),
});

const codeParam = z.object({ code: z.string().min(1).max(200) });

/** Catalogue: taxons, products, variants, legal documents. Public reads, cacheable by ETag. */
export async function catalogRoutes(app: App) {
  const cache = createCatalogCache({
    readRevision: () => readCatalogRevision(app.db),
    readStock: (codes) => readStockFigures(app.db, codes),
  });

  app.get(
    '/taxons',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree: top-level taxons with nested children, in the requested language',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(100, 400) }),
        response: { 200: collectionOf(taxonDocSchema), 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const { page, itemsPerPage } = request.query;
        const result = await listTaxons({ db: app.db, locale: request.locale, page: { page, itemsPerPage } });
        return sendCollection(request, out, {
          items: result.items.map(taxonResource),
          totalItems: result.totalItems,
          type: 'Taxon',
          idOf: (t) => iri('taxons', t.code),
          page: { page, itemsPerPage },
        });
      }),
  );

  app.get(
    '/taxons/:code',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One taxon with its children',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: taxonDocSchema, 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const taxon = await getTaxon({ db: app.db, locale: request.locale, code: request.params.code });
        return sendItem(request, out, taxonResource(taxon), {
          '@id': iri('taxons', taxon.code),
          '@type': 'Taxon',
        });
      }),
  );

  app.get(
    '/creators',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Creators of listed products in browse order (by their first listed product): top creators',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(8, 100) }),
        response: { 200: collectionOf(creatorViewSchema), 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const { page, itemsPerPage } = request.query;
        const result = await listCreators({
          db: app.db,
          locale: request.locale,
          page: { page, itemsPerPage },
        });
        return sendCollection(request, out, {
          ...result,
          type: 'Creator',
          idOf: (c) => iri('customers', c.uuid),
          page: { page, itemsPerPage },
        });
      }),
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Listed products (enabled, default variant in stock), oldest first, 12 per page',
        description:
          'Products without an enabled default variant or out of stock are hidden (decision 001); ' +
          'sold-out products stay listed. Filters combine with AND; empty filter values are ignored.',
        querystring: productsQuery,
        response: { 200: collectionOf(productViewSchema), 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const q = request.query;
        const taxonCodes = [
          ...(q['taxon.code'] ?? []),
          ...(q['taxon.code[]'] ?? []),
          ...(q['productTaxons.taxon.code'] ?? []),
          ...(q['productTaxons.taxon.code[]'] ?? []),
        ];
        const page = { page: q.page, itemsPerPage: q.itemsPerPage };
        const result = await listProducts({
          db: app.db,
          locale: request.locale,
          page,
          filters: {
            name: (q['translations.name'] ?? q.name)?.trim() || undefined,
            taxonCodes: taxonCodes.length ? taxonCodes : undefined,
            creatorUuid: q['creator.uuid']?.toLowerCase() || undefined,
            priceGte: q['price[gte]'],
            priceLte: q['price[lte]'],
            priceGt: q['price[gt]'],
            priceLt: q['price[lt]'],
            order: q['order[createdAt]'],
            after: q.after,
          },
        });
        return sendCollection(request, out, {
          items: result.items.map(productResource),
          totalItems: result.totalItems,
          type: 'Product',
          idOf: (p) => iri('products', p.code),
          page,
          cursor: { param: 'after', next: result.nextCursor },
        });
      }),
  );

  app.get(
    '/products/:code',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product by code or numeric id (also when sold out or not listed)',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: productViewSchema, 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const product = await getProduct({
          db: app.db,
          locale: request.locale,
          codeOrId: request.params.code,
        });
        return sendItem(request, out, productResource(product), {
          '@id': iri('products', product.code),
          '@type': 'Product',
        });
      }),
  );

  app.get(
    '/product-variants/:code',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product variant by code, with stock and channel pricings (cents)',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: productVariantDetailViewSchema, 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const variant = await getProductVariant({
          db: app.db,
          locale: request.locale,
          code: request.params.code,
        });
        return sendItem(request, out, productVariantResource(variant), {
          '@id': iri('product-variants', variant.code),
          '@type': 'ProductVariant',
        });
      }),
  );

  app.get(
    '/legal-documents/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Download a legal document (PDF) of a product by its uuid',
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.strictObject({ ...localeQuery }),
      },
    },
    async (request, reply) => {
      const doc = await getLegalDocumentFile({ db: app.db, id: request.params.id });
      const etag = `"${doc.sha256}"`;
      reply
        .header('etag', etag)
        // The document may be replaced under the same id: revalidate, cheaply, by ETag.
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('x-content-type-options', 'nosniff');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const bytes = await readStoredFile(app.partners.storage, doc.storageKey);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(doc.title))
        .send(bytes);
    },
  );
}
