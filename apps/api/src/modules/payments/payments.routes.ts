import { paymentMethodViewSchema, productPaymentConfigurationViewSchema } from '@token/domain/payments';
import { z } from 'zod';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { productPaymentConfigurationResource } from '../../http/serializers/payments.ts';
import type { App } from '../../http/types.ts';
import {
  getPaymentMethod,
  getProductPaymentConfiguration,
  listPaymentMethods,
  listProductPaymentConfigurations,
} from './payments.service.ts';

const codeParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** Payment methods and product payment configurations. */
export async function paymentRoutes(app: App) {
  app.get(
    '/payment-methods',
    {
      config: { etag: true },
      schema: {
        tags: ['payments'],
        summary: 'Enabled payment methods in checkout order',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(paymentMethodViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listPaymentMethods({
        db: app.db,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'PaymentMethod',
        idOf: (m) => iri('payment-methods', m.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/payment-methods/:code',
    {
      config: { etag: true },
      schema: {
        tags: ['payments'],
        summary: 'One enabled payment method by code',
        params: z.object({ code: codeParam }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: paymentMethodViewSchema },
      },
    },
    async (request, reply) => {
      const method = await getPaymentMethod({
        db: app.db,
        locale: request.locale,
        code: request.params.code,
      });
      return sendItem(request, reply, method, {
        '@id': iri('payment-methods', method.code),
        '@type': 'PaymentMethod',
      });
    },
  );

  app.get(
    '/product-payment-configurations',
    {
      config: { etag: true },
      schema: {
        tags: ['payments'],
        summary: 'Which payment methods a product accepts, with limits and the account to pay to',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(100, 400),
          'product.code': codeParam.optional(),
        }),
        response: { 200: collectionOf(productPaymentConfigurationViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listProductPaymentConfigurations({
        db: app.db,
        locale: request.locale,
        productCode: request.query['product.code'],
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        items: result.items.map(productPaymentConfigurationResource),
        totalItems: result.totalItems,
        type: 'ProductPaymentConfiguration',
        idOf: (c) => iri('product-payment-configurations', c.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/product-payment-configurations/:id',
    {
      config: { etag: true },
      schema: {
        tags: ['payments'],
        summary: 'One product payment configuration by id',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: productPaymentConfigurationViewSchema },
      },
    },
    async (request, reply) => {
      const configuration = await getProductPaymentConfiguration({
        db: app.db,
        locale: request.locale,
        id: request.params.id,
      });
      return sendItem(request, reply, productPaymentConfigurationResource(configuration), {
        '@id': iri('product-payment-configurations', configuration.id),
        '@type': 'ProductPaymentConfiguration',
      });
    },
  );
}
