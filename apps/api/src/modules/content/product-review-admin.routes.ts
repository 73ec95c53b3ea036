import {
  creatorProductViewSchema,
  productRejectInputSchema,
  productReviewListQuerySchema,
  type RenditionSize,
  renditionSizes,
  signedLinkViewSchema,
} from '@token/domain/marketplace';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { listProductsForReview } from './creator-products.service.ts';
import { signedLinkForReview } from './media-uploads.service.ts';
import { decideProductReview } from './product-review.service.ts';

const codeParam = z.object({ code: z.string().min(1).max(200) });

const adminMeta = (code: string) => ({
  '@id': `/api/v2/admin/products/${encodeURIComponent(code)}`,
  '@type': 'ProductReview',
});

/** Operators review creators' products (issue 18, /admin/products); every decision is audit-logged. */
export async function productReviewAdminRoutes(app: App) {
  app.get(
    '/products',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin', 'create content'],
        summary: 'Creators’ products in one review state (default `pending`), newest first',
        querystring: productReviewListQuerySchema.extend({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(creatorProductViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, state } = request.query;
      const result = await listProductsForReview({
        db: app.db,
        locale: request.locale,
        state,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'ProductReview',
        idOf: (p) => adminMeta(p.code)['@id'],
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/media-files/:id/presign',
    {
      config: { auth: 'operator', errors: ['no_file_uploaded'] },
      schema: {
        tags: ['admin', 'create content'],
        summary:
          'A signed link of a creator’s upload (private ones too), to review the product that shows it',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: z.strictObject({
          ...localeQuery,
          size: z
            .enum(renditionSizes as [RenditionSize, ...RenditionSize[]])
            .optional()
            .describe('A rendition (images) instead of the original'),
        }),
        response: { 200: signedLinkViewSchema },
      },
    },
    async (request, reply) => {
      const link = await signedLinkForReview({
        db: app.db,
        storage: app.partners.storage,
        id: request.params.id,
        size: request.query.size,
      });
      return reply.type('application/json; charset=utf-8').send(link);
    },
  );

  app.post(
    '/products/:code/approve',
    {
      config: { auth: 'operator', errors: ['invalid_transition', 'collection_not_submitted'] },
      schema: {
        tags: ['admin', 'create content'],
        summary: 'Approves a creator’s product: it is listed in the shop',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: creatorProductViewSchema },
      },
    },
    async (request, reply) => {
      const product = await decideProductReview({
        db: app.db,
        operatorId: operatorOf(request).id,
        code: request.params.code,
        locale: request.locale,
        decision: 'approved',
      });
      return sendItem(request, reply, product, adminMeta(product.code));
    },
  );

  app.post(
    '/products/:code/reject',
    {
      config: { auth: 'operator', errors: ['invalid_transition', 'collection_not_submitted'] },
      schema: {
        tags: ['admin', 'create content'],
        summary: 'Rejects a creator’s product with a reason the creator reads; it is not listed',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        body: productRejectInputSchema,
        response: { 200: creatorProductViewSchema },
      },
    },
    async (request, reply) => {
      const product = await decideProductReview({
        db: app.db,
        operatorId: operatorOf(request).id,
        code: request.params.code,
        locale: request.locale,
        decision: 'rejected',
        reason: request.body.reason,
      });
      return sendItem(request, reply, product, adminMeta(product.code));
    },
  );
}
