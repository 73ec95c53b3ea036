import { expectedPayoutViewSchema, payoutViewSchema } from '@token/domain/servicing';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { attachmentDisposition } from '../catalog/legal-documents.service.ts';
import { listCustomerPayouts } from './payouts.service.ts';
import { listExpectedPayouts, payoutStatementPdf } from './statements.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The investor's side of bond servicing (issue 17): the payouts received and announced. */
export async function servicingRoutes(app: App) {
  app.get(
    '/customer-payouts',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['servicing'],
        summary: 'The customer’s payouts (interest, redemption, commission), newest payout date first',
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 300) }),
        response: { 200: collectionOf(payoutViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listCustomerPayouts({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.locale,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'Payout',
        idOf: (p) => iri('customer-payouts', p.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/customer-payouts/:id/statement',
    {
      config: { auth: 'customer', errors: ['payout_not_found'] as const },
      schema: {
        tags: ['servicing'],
        summary:
          'The statement of one of the customer’s payouts as a PDF in the request’s language (gross amount, calculation, tax note)',
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
      },
    },
    async (request, reply) => {
      const pdf = await payoutStatementPdf({
        db: app.db,
        customerId: customerOf(request).id,
        id: request.params.id,
        locale: request.locale,
      });
      const title = `${pdf.locale === 'de' ? 'Abrechnung' : 'Payout statement'} ${pdf.id}`;
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(title))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf.stream);
    },
  );

  app.get(
    '/customer-expected-payouts',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['servicing'],
        summary:
          'The next expected payments of the bonds the customer holds now (coupons within 12 months, at most 4 per bond, and the redemption at maturity), at the current holding: expected, not guaranteed',
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: collectionOf(expectedPayoutViewSchema) },
      },
    },
    async (request, reply) => {
      const items = await listExpectedPayouts({
        db: app.db,
        customerId: customerOf(request).id,
        locale: request.locale,
      });
      return sendCollection(request, reply, {
        items,
        totalItems: items.length,
        type: 'ExpectedPayout',
        idOf: (e) => iri('customer-expected-payouts', `${e.bondCode}-${e.paymentDate}`),
      });
    },
  );
}
