import { payoutViewSchema } from '@token/domain/servicing';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { listCustomerPayouts } from './payouts.service.ts';

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
}
