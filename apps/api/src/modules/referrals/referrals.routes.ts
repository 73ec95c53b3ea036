import { customerReferralsViewSchema } from '@token/domain/referrals';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { localeQuery, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { getCustomerReferrals } from './referrals.service.ts';

/**
 * The investor's referral page (spec 2 /account/attract-investors): GET customer-referrals, the own
 * referral link and terms, how many came through it (counts only, never names) and the commissions.
 */
export async function referralRoutes(app: App) {
  app.get(
    '/customer-referrals',
    {
      config: { auth: 'customer', errors: ['not_found'] as const },
      schema: {
        tags: ['referrals'],
        summary:
          'The customer’s referral link, terms, counts (registered, approved, investors) and commissions (accrued, paid, lines)',
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: customerReferralsViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getCustomerReferrals({
        db: app.db,
        customerId: customerOf(request).id,
        publicUrl: app.config.publicUrl,
      });
      return sendItem(request, reply, view, {
        '@id': '/api/v2/shop/customer-referrals',
        '@type': 'CustomerReferrals',
      });
    },
  );
}
