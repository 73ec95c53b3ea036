import {
  maxSearchHitsPerPage,
  searchHitsPerPage,
  searchHitViewSchema,
  searchPhraseSchema,
} from '@token/domain/marketplace';
import { z } from 'zod';
import { createCatalogCache } from '../../http/catalog-cache.ts';
import { notModifiedResponse } from '../../http/etag.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection } from '../../http/hydra.ts';
import { productResource } from '../../http/serializers/catalog.ts';
import type { App } from '../../http/types.ts';
import { readCatalogRevision, readStockFigures } from '../catalog/catalog-revision.ts';
import { searchProducts } from './search.service.ts';

/** Search over the listed products (issue 18): public, cached by catalogue revision like the catalogue. */
export async function searchRoutes(app: App) {
  const cache = createCatalogCache({
    readRevision: () => readCatalogRevision(app.db),
    readStock: (codes) => readStockFigures(app.db, codes),
  });

  app.get(
    '/search',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Full-text search over the listed products, best first, with highlighted names and descriptions',
        description:
          'German and English stemming over the translated names and descriptions; umlauts and ß are ' +
          'found by their transcriptions (ue, ss) and back; the last word also matches as a prefix; when ' +
          'nothing matches, names close to the phrase (typos) are offered. A phrase of stop words or ' +
          'symbols only finds nothing. Highlights are `{ text, match }` segments (no HTML).',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(searchHitsPerPage, maxSearchHitsPerPage),
          phrase: searchPhraseSchema.default('').describe('What to look for: at most 200 characters.'),
        }),
        response: { 200: collectionOf(searchHitViewSchema), 304: notModifiedResponse },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async (out) => {
        const { page, itemsPerPage, phrase } = request.query;
        const result = await searchProducts({
          db: app.db,
          locale: request.locale,
          phrase,
          page: { page, itemsPerPage },
        });
        return sendCollection(request, out, {
          items: result.items.map((hit) => ({ ...productResource(hit), highlights: hit.highlights })),
          totalItems: result.totalItems,
          type: 'Product',
          idOf: (p) => iri('products', p.code),
          page: { page, itemsPerPage },
        });
      }),
  );
}
