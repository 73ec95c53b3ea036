import { customerResourceSchema } from '@token/domain/accounts';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { localeQuery } from '../../http/hydra.ts';
import { sendCustomer } from '../../http/serializers/customers.ts';
import type { App } from '../../http/types.ts';
import { getCustomer } from '../accounts/customers.service.ts';
import { markFollowUpSeen } from './onboarding.service.ts';

const uuidParam = z.strictObject({ uuid: z.uuid() });

/** The onboarding calls of the customer record (the entry gate's server side). */
export async function onboardingRoutes(app: App) {
  app.put(
    '/customers/:uuid/follow-up-seen',
    {
      config: { auth: 'customer', ownerParam: 'uuid' },
      schema: {
        tags: ['customers'],
        summary:
          'Records that the customer was led to the contact page for the open "more information needed" request (spec 2: once); answers the customer record',
        description:
          'Idempotent: without an open follow-up, or when it was already recorded, nothing changes and the record is answered as it is.',
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery }),
        body: z.strictObject({}).nullish(),
        response: { 200: customerResourceSchema },
      },
    },
    async (request, reply) => {
      const customerId = customerOf(request).id;
      await markFollowUpSeen({ db: app.db, customerId, now: new Date() });
      const view = await getCustomer({ db: app.db, customerId, publicUrl: app.config.publicUrl });
      return sendCustomer(request, reply, view);
    },
  );
}
