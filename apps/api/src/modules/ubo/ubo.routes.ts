import {
  uboRepresentativeInputSchema,
  uboUserInputSchema,
  uboUserPatchSchema,
  uboUserViewSchema,
} from '@token/domain/profile';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, pagingQuery, sendCollection } from '../../http/hydra.ts';
import { sendUboUser, uboUserIri } from '../../http/serializers/customers.ts';
import type { App } from '../../http/types.ts';
import {
  createUboUser,
  createUserRepresentative,
  deleteUboUser,
  listUboUsers,
  patchUboUser,
  sendRepresentative,
} from './ubo.service.ts';

const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const customer = { auth: 'customer' as const, errors: ['company_account_required', 'not_found'] as const };

/** Beneficial owners and representatives of a company account (spec 7 ubo-users; owner-only). */
export async function uboRoutes(app: App) {
  app.get(
    '/ubo-users',
    {
      config: customer,
      schema: {
        tags: ['ubo-users'],
        summary: 'The representatives and beneficial owners of the company (the user’s own entry first)',
        querystring: z.strictObject({ ...pagingQuery(100, 400) }),
        response: { 200: collectionOf(uboUserViewSchema) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, itemsPerPage: request.query.itemsPerPage };
      const { items, totalItems } = await listUboUsers({
        db: app.db,
        customerId: customerOf(request).id,
        page,
      });
      return sendCollection(request, reply, { items, totalItems, type: 'UboUser', idOf: uboUserIri, page });
    },
  );

  app.post(
    '/ubo-users',
    {
      config: customer,
      schema: {
        tags: ['ubo-users'],
        summary: 'Names a representative or beneficial owner (natural or legal person)',
        body: uboUserInputSchema,
        response: { 201: uboUserViewSchema },
      },
    },
    async (request, reply) => {
      const item = await createUboUser({
        db: app.db,
        customerId: customerOf(request).id,
        input: request.body,
      });
      reply.status(201);
      return sendUboUser(request, reply, item);
    },
  );

  app.post(
    '/ubo-users/representative',
    {
      config: customer,
      schema: {
        tags: ['ubo-users'],
        summary:
          'The user as authorised representative (role 10) from the profile; 200 with the existing entry when there is one',
        body: uboRepresentativeInputSchema.nullish(),
        response: { 200: uboUserViewSchema, 201: uboUserViewSchema },
      },
    },
    async (request, reply) => {
      const { item, created } = await createUserRepresentative({
        db: app.db,
        customerId: customerOf(request).id,
        input: request.body ?? {},
      });
      reply.status(created ? 201 : 200);
      return sendUboUser(request, reply, item);
    },
  );

  app.patch(
    '/ubo-users/:id/representative',
    {
      config: customer,
      schema: {
        tags: ['ubo-users'],
        summary: 'Sends the representative: role 10 is removed (spec 5)',
        params: idParam,
        body: z.strictObject({}).nullish(),
        response: { 200: uboUserViewSchema },
      },
    },
    async (request, reply) =>
      sendUboUser(
        request,
        reply,
        await sendRepresentative({ db: app.db, customerId: customerOf(request).id, id: request.params.id }),
      ),
  );

  app.patch(
    '/ubo-users/:id',
    {
      config: customer,
      schema: {
        tags: ['ubo-users'],
        summary: 'Changes a representative or beneficial owner (merge-patch: null clears a field)',
        params: idParam,
        body: uboUserPatchSchema,
        response: { 200: uboUserViewSchema },
      },
    },
    async (request, reply) =>
      sendUboUser(
        request,
        reply,
        await patchUboUser({
          db: app.db,
          customerId: customerOf(request).id,
          id: request.params.id,
          patch: request.body,
        }),
      ),
  );

  app.delete(
    '/ubo-users/:id',
    {
      config: customer,
      schema: {
        tags: ['ubo-users'],
        summary: 'Removes a representative or beneficial owner',
        params: idParam,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await deleteUboUser({ db: app.db, customerId: customerOf(request).id, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
