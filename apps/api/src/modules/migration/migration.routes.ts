import { customerResourceSchema } from '@token/domain/accounts';
import { AppError } from '@token/domain/errors';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { iri, localeQuery, sendItem } from '../../http/hydra.ts';
import { customerResource } from '../../http/serializers/customers.ts';
import type { App } from '../../http/types.ts';
import { getCustomer } from '../accounts/customers.service.ts';
import { migrateCustomer } from './migration.service.ts';

/** spec 8 'migration data loaded': the message key the client shows in the reader's language. */
export const migrationLoadedMessage = 'migration_data_loaded';

/**
 * spec 7 body: `customerId`, the customer's own id (the number, the uuid or the IRI). It and the
 * body are optional because the path already names the customer; when sent it must be the caller's.
 */
const migrationBodySchema = z
  .strictObject({
    customerId: z.union([z.number().int().positive(), z.string().trim().min(1).max(200)]).optional(),
  })
  .nullish();

function isSameCustomer(given: number | string, me: { id: number; uuid: string }): boolean {
  if (typeof given === 'number') return given === me.id;
  const value = given.toLowerCase();
  return value === String(me.id) || value === me.uuid || value === iri('customers', me.uuid);
}

/** Takes over a customer's data from the former platform (owner only). */
export async function migrationRoutes(app: App) {
  app.put(
    '/customers/migration/:uuid',
    {
      config: { auth: 'customer', ownerParam: 'uuid', errors: ['migration_not_found'] },
      schema: {
        tags: ['customers'],
        summary:
          "Loads the former platform's record for the customer's e-mail into empty fields; migrationState 1, or 2 and 404 migration_not_found",
        params: z.strictObject({ uuid: z.uuid() }),
        querystring: z.strictObject({ ...localeQuery }),
        body: migrationBodySchema,
        response: {
          200: customerResourceSchema.extend({
            message: z.literal(migrationLoadedMessage),
            migratedFields: z.array(z.string()).describe('Fields of the record taken over'),
            skippedFields: z.array(z.string()).describe('Fields of the record that failed their checks'),
          }),
        },
      },
    },
    async (request, reply) => {
      const me = customerOf(request);
      const customerId = request.body?.customerId;
      if (customerId !== undefined && !isSameCustomer(customerId, me)) {
        throw new AppError('validation_failed', {
          violations: [{ propertyPath: 'customerId', code: 'invalid_value' }],
        });
      }
      const outcome = await migrateCustomer({ db: app.db, customerId: me.id });
      const customer = await getCustomer({ db: app.db, customerId: me.id, publicUrl: app.config.publicUrl });
      return sendItem(
        request,
        reply,
        { ...customerResource(customer), message: migrationLoadedMessage, ...outcome },
        { '@id': iri('customers', customer.uuid), '@type': 'Customer' },
      );
    },
  );
}
