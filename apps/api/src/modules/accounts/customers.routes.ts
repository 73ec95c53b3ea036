import {
  addressInputSchema,
  addressViewSchema,
  changePasswordSchema,
  companyUpdateSchema,
  customerResourceSchema,
  customerUpdateSchema,
  twoFactorCodeSchema,
} from '@token/domain/accounts';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { sendCustomer } from '../../http/serializers/customers.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { changePassword } from './credentials.service.ts';
import {
  createAddress,
  getAddress,
  getCustomer,
  listAddresses,
  updateAddress,
  updateCompany,
  updateCustomer,
} from './customers.service.ts';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  startTwoFactorEnrolment,
} from './two-factor.service.ts';

const uuidParam = z.strictObject({ uuid: z.uuid() });
const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const owned = { auth: 'customer' as const, ownerParam: 'uuid' };

/** The customer record, password change, two-factor, company data and addresses (all owner-only). */
export async function customerRoutes(app: App) {
  const { secretBox } = app.accountKit;
  const publicUrl = app.config.publicUrl;

  app.get(
    '/customers/:uuid',
    {
      config: owned,
      schema: {
        tags: ['customers'],
        summary: 'The customer record (spec 3)',
        params: uuidParam,
        response: { 200: customerResourceSchema },
      },
    },
    async (request, reply) =>
      sendCustomer(
        request,
        reply,
        await getCustomer({ db: app.db, customerId: customerOf(request).id, publicUrl }),
      ),
  );

  app.put(
    '/customers/:uuid',
    {
      config: owned,
      schema: {
        tags: ['customers'],
        summary:
          'Changes the account fields and the spec 3 personal profile (only the fields sent); platform-managed fields are ignored',
        params: uuidParam,
        body: customerUpdateSchema,
        response: { 200: customerResourceSchema },
      },
    },
    async (request, reply) =>
      sendCustomer(
        request,
        reply,
        await updateCustomer({
          db: app.db,
          customerId: customerOf(request).id,
          input: request.body,
          publicUrl,
          storage: app.partners.storage,
        }),
      ),
  );

  app.put(
    '/companies/:uuid',
    {
      config: { ...owned, errors: ['company_name_exists'] },
      schema: {
        tags: ['customers'],
        summary:
          'Saves the company form of a company account: name, type, tax and VAT number, register number and court, founding date, bank account',
        params: uuidParam,
        body: companyUpdateSchema,
        response: { 200: customerResourceSchema },
      },
    },
    async (request, reply) =>
      sendCustomer(
        request,
        reply,
        await updateCompany({
          db: app.db,
          customerId: customerOf(request).id,
          input: request.body,
          publicUrl,
        }),
      ),
  );

  app.put(
    '/customers/:uuid/password',
    {
      config: { ...owned, errors: ['bad_credentials'] },
      schema: {
        tags: ['customers'],
        summary: 'Changes the password; signs out every other session and mails a notice',
        params: uuidParam,
        body: changePasswordSchema,
        response: { 204: z.null().describe('Password changed') },
      },
    },
    async (request, reply) => {
      const me = customerOf(request);
      await changePassword({
        db: app.db,
        mailCtx: await mailContext(app),
        customerId: me.id,
        sessionId: me.sessionId,
        input: request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/customers/:uuid/2fa/qr-code',
    {
      config: { ...owned, errors: ['two_factor_already_enabled'] },
      schema: {
        tags: ['two-factor'],
        summary: 'A new (not yet active) TOTP secret as QR code (data-URL PNG) and as text',
        params: uuidParam,
        response: { 200: z.object({ qrCodeFormat: z.string(), secret: z.string(), otpauthUri: z.string() }) },
      },
    },
    async (request, reply) => {
      const ctx = await mailContext(app);
      reply.header('cache-control', 'no-store');
      return startTwoFactorEnrolment({
        db: app.db,
        secretBox,
        customerId: customerOf(request).id,
        platform: ctx.platform,
      });
    },
  );

  app.put(
    '/customers/:uuid/2fa/verify',
    {
      config: {
        ...owned,
        errors: [
          'two_factor_invalid',
          'two_factor_already_enabled',
          'two_factor_not_started',
          'too_many_requests',
        ],
      },
      schema: {
        tags: ['two-factor'],
        summary: 'Enables two-factor after a valid code; answers ten single-use recovery codes (shown once)',
        params: uuidParam,
        body: z.strictObject({ code: twoFactorCodeSchema }),
        response: { 200: z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request, reply) => {
      const { recoveryCodes } = await confirmTwoFactorEnrolment({
        db: app.db,
        secretBox,
        mailCtx: await mailContext(app),
        customerId: customerOf(request).id,
        code: request.body.code,
      });
      reply.header('cache-control', 'no-store');
      return { enabled: true as const, recoveryCodes };
    },
  );

  app.put(
    '/customers/:uuid/2fa/status',
    {
      config: {
        ...owned,
        errors: [
          'two_factor_invalid',
          'two_factor_not_enabled',
          'two_factor_already_enabled',
          'two_factor_not_started',
          'too_many_requests',
        ],
      },
      schema: {
        tags: ['two-factor'],
        summary: 'Turns two-factor off (needs a valid code) or on (same as verify)',
        params: uuidParam,
        body: z.strictObject({ enabled: z.boolean(), code: twoFactorCodeSchema }),
        response: {
          200: z.object({ enabled: z.boolean(), recoveryCodes: z.array(z.string()).optional() }),
        },
      },
    },
    async (request, reply) => {
      const mailCtx = await mailContext(app);
      const customerId = customerOf(request).id;
      reply.header('cache-control', 'no-store');
      if (request.body.enabled) {
        const { recoveryCodes } = await confirmTwoFactorEnrolment({
          db: app.db,
          secretBox,
          mailCtx,
          customerId,
          code: request.body.code,
        });
        return { enabled: true, recoveryCodes };
      }
      await disableTwoFactor({
        db: app.db,
        secretBox,
        mailCtx,
        customerId,
        code: request.body.code,
      });
      return { enabled: false };
    },
  );

  const addressRoute = (item: { id: number }) => iri('addresses', item.id);
  for (const [path, kind] of [
    ['/addresses', 'personal'],
    ['/addresses/company', 'company'],
  ] as const) {
    app.get(
      path,
      {
        config: { auth: 'customer' },
        schema: {
          tags: ['addresses'],
          summary: `The customer's ${kind} addresses, the default address first`,
          querystring: z.strictObject({ ...pagingQuery(30, 100) }),
          response: { 200: collectionOf(addressViewSchema) },
        },
      },
      async (request, reply) => {
        const page = { page: request.query.page, itemsPerPage: request.query.itemsPerPage };
        const { items, totalItems } = await listAddresses({
          db: app.db,
          customerId: customerOf(request).id,
          kind,
          page,
        });
        return sendCollection(request, reply, {
          items,
          totalItems,
          type: 'Address',
          idOf: addressRoute,
          page,
        });
      },
    );
  }

  app.get(
    '/addresses/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['addresses'],
        summary: 'One of the customer’s addresses',
        params: idParam,
        response: { 200: addressViewSchema },
      },
    },
    async (request, reply) => {
      const a = await getAddress({ db: app.db, customerId: customerOf(request).id, id: request.params.id });
      return sendItem(request, reply, a, { '@id': addressRoute(a), '@type': 'Address' });
    },
  );

  app.post(
    '/addresses',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['addresses'],
        summary: 'Adds an address; a personal one becomes the default address',
        body: addressInputSchema,
        response: { 201: addressViewSchema },
      },
    },
    async (request, reply) => {
      const a = await createAddress({ db: app.db, customerId: customerOf(request).id, input: request.body });
      reply.status(201);
      return sendItem(request, reply, a, { '@id': addressRoute(a), '@type': 'Address' });
    },
  );

  app.put(
    '/addresses/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['addresses'],
        summary: 'Changes one of the customer’s addresses',
        params: idParam,
        body: addressInputSchema,
        response: { 200: addressViewSchema },
      },
    },
    async (request, reply) => {
      const a = await updateAddress({
        db: app.db,
        customerId: customerOf(request).id,
        id: request.params.id,
        input: request.body,
      });
      return sendItem(request, reply, a, { '@id': addressRoute(a), '@type': 'Address' });
    },
  );
}
