import {
  creatorProductCreateInputSchema,
  creatorProductUpdateInputSchema,
  creatorProductViewSchema,
  creatorVariantInputSchema,
  creatorVariantViewSchema,
} from '@token/domain/marketplace';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import {
  createCreatorProduct,
  getCreatorProduct,
  listCreatedProducts,
  updateCreatorProduct,
  updateCreatorVariant,
  withdrawCreatorProduct,
} from './creator-products.service.ts';

const codeParam = z.object({ code: z.string().min(1).max(200) });
const productMeta = (code: string) => ({ '@id': iri('products', code), '@type': 'Product' });
const variantMeta = (code: string) => ({ '@id': iri('product-variants', code), '@type': 'ProductVariant' });
const writeErrors = ['validation_failed', 'invalid_transition'] as const;

/** Creators' products (spec 7: POST products, PUT products/{code}, PATCH product-variants, PUT product-variants/{code}). */
export async function creatorProductRoutes(app: App) {
  app.post(
    '/products',
    {
      config: {
        auth: 'customer',
        errors: ['validation_failed'],
        rateLimit: { max: 60, timeWindow: '10 minutes' },
      },
      schema: {
        tags: ['create content'],
        summary: 'A new item of the creator: in review (`pending`), listed once an operator approved it',
        description:
          'Media files are IRIs of the creator’s own ready uploads; the terms and the no-copyright-infringement ' +
          'confirmations are required. Price in cents (EUR); royalties 0-50 %.',
        querystring: z.strictObject({ ...localeQuery }),
        body: creatorProductCreateInputSchema,
        response: { 201: creatorProductViewSchema },
      },
    },
    async (request, reply) => {
      const product = await createCreatorProduct({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        locale: request.locale,
        input: request.body,
      });
      reply.code(201);
      return sendItem(request, reply, product, productMeta(product.code));
    },
  );

  app.put(
    '/products/:code',
    {
      config: { auth: 'customer', errors: [...writeErrors] },
      schema: {
        tags: ['create content'],
        summary:
          'The creator’s item anew; a change of texts, media, metadata, traits or tags sends it back to review',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        body: creatorProductUpdateInputSchema,
        response: { 200: creatorProductViewSchema },
      },
    },
    async (request, reply) => {
      const { customer: _customer, termsAccepted: _t, noCopyrightInfringement: _n, ...input } = request.body;
      const product = await updateCreatorProduct({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
        input,
      });
      return sendItem(request, reply, product, productMeta(product.code));
    },
  );

  app.patch(
    '/product-variants',
    {
      config: { auth: 'customer', errors: ['validation_failed', 'not_found'] },
      schema: {
        tags: ['create content'],
        summary: 'Changes the creator’s variant named by `code`: name, tracked, on hand, price (cents)',
        querystring: z.strictObject({ ...localeQuery }),
        body: creatorVariantInputSchema.extend({ code: z.string().trim().min(1).max(200) }),
        response: { 200: creatorVariantViewSchema },
      },
    },
    async (request, reply) => {
      const variant = await updateCreatorVariant({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.body.code,
        locale: request.locale,
        input: request.body,
      });
      return sendItem(request, reply, variant, variantMeta(variant.code));
    },
  );

  app.put(
    '/product-variants/:code',
    {
      config: { auth: 'customer', errors: ['validation_failed'] },
      schema: {
        tags: ['create content'],
        summary: 'Changes the creator’s variant: name, tracked, on hand, price (cents)',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        body: creatorVariantInputSchema,
        response: { 200: creatorVariantViewSchema },
      },
    },
    async (request, reply) => {
      const variant = await updateCreatorVariant({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
        input: request.body,
      });
      return sendItem(request, reply, variant, variantMeta(variant.code));
    },
  );

  app.get(
    '/created-products',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['create content'],
        summary: 'The creator’s own products in every review state, newest first',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(12, 100) }),
        response: { 200: collectionOf(creatorProductViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listCreatedProducts({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Product',
        idOf: (p) => iri('products', p.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.post(
    '/created-products/:code/withdraw',
    {
      config: { auth: 'customer', errors: ['invalid_transition', 'product_has_open_orders'] },
      schema: {
        tags: ['create content'],
        summary:
          'The creator withdraws their item: no longer listed or for sale; saving it again resubmits it',
        description:
          'Refused (409 `product_has_open_orders`) while a placed order of the item awaits payment. Editions ' +
          'already sold stay with their holders; orders are not changed. Another creator’s item is 404.',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: creatorProductViewSchema },
      },
    },
    async (request, reply) => {
      const product = await withdrawCreatorProduct({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
      });
      return sendItem(request, reply, product, productMeta(product.code));
    },
  );

  app.get(
    '/created-products/:code',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['create content'],
        summary: 'One of the creator’s own products in any review state (the edit screen)',
        params: codeParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: creatorProductViewSchema },
      },
    },
    async (request, reply) => {
      const product = await getCreatorProduct({
        db: app.db,
        customerId: customerOf(request).id,
        code: request.params.code,
        locale: request.locale,
      });
      return sendItem(request, reply, product, productMeta(product.code));
    },
  );
}
