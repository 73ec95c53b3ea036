import { registerExcerptListItemSchema, requestExcerptInputSchema } from '@token/domain/register';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import {
  apiBase,
  collectionOf,
  iri,
  localeQuery,
  pagingQuery,
  sendCollection,
  sendItem,
} from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { attachmentDisposition } from '../catalog/legal-documents.service.ts';
import { excerptPdf, listExcerpts, requestExcerpt } from './excerpts.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * The holder's register excerpts (eWpG § 19, decision 016): the list (`/account/exerpts`), a manual
 * request, and one excerpt as a PDF in its language. Each is the customer's own; another's is 404.
 */
export async function registerExcerptRoutes(app: App) {
  app.get(
    '/register-excerpts',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['register'],
        summary: 'The customer’s register excerpts, newest first',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(registerExcerptListItemSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listExcerpts({
        db: app.db,
        customerId: customerOf(request).id,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'RegisterExcerpt',
        idOf: (e) => iri('register-excerpts', e.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.post(
    '/register-excerpts',
    {
      config: {
        auth: 'customer',
        errors: ['not_found', 'register_excerpt_not_holder', 'too_many_requests'] as const,
      },
      schema: {
        tags: ['register'],
        summary:
          'Requests a register excerpt of a bond the customer holds or has held (eWpG § 19 "on request"); at most one a minute per bond',
        querystring: z.strictObject({ ...localeQuery }),
        body: requestExcerptInputSchema,
        response: { 201: registerExcerptListItemSchema },
      },
    },
    async (request, reply) => {
      const excerpt = await requestExcerpt({
        db: app.db,
        customerId: customerOf(request).id,
        productCode: request.body.product,
        notice: { mail: app.partners.mail, publicUrl: app.config.publicUrl },
      });
      reply.status(201).header('location', `${apiBase}/register-excerpts/${excerpt.id}/pdf`);
      return sendItem(request, reply, excerpt, {
        '@id': iri('register-excerpts', excerpt.id),
        '@type': 'RegisterExcerpt',
      });
    },
  );

  app.get(
    '/register-excerpts/:id/pdf',
    {
      config: { auth: 'customer', errors: ['register_excerpt_not_found'] as const },
      schema: {
        tags: ['register'],
        summary: 'One of the customer’s register excerpts as a PDF in its language',
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
      },
    },
    async (request, reply) => {
      const pdf = await excerptPdf({ db: app.db, customerId: customerOf(request).id, id: request.params.id });
      const title = `${pdf.locale === 'de' ? 'Registerauszug' : 'Register excerpt'} ${pdf.number}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(title))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf.stream);
    },
  );
}
