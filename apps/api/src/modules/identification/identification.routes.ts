import { identificationViewSchema } from '@token/domain/identification';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { sendProblem } from '../../http/errors.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { withRawJsonBody } from '../../http/webhooks.ts';
import { getIdentification, listIdentifications, startIdentification } from './identification.service.ts';
import {
  receiveIdentificationWebhook,
  requestIdentificationResultFetch,
} from './identification-webhook.service.ts';

const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** The payload a webhook's signature covers, by request (set in preValidation, read by the handler). */
const verified = new WeakMap<object, unknown>();
const meta = (id: number) => ({ '@id': iri('identification', id), '@type': 'Identification' });

/** The partners whose webhooks the platform can receive (the configured one answers, the other 404). */
const webhookProviders = ['sandbox', 'idnow'] as const;

/**
 * Identification (KYC) with the partner (spec 7): start, the customer's identifications, and the
 * partner's result webhook.
 */
export async function identificationRoutes(app: App) {
  app.post(
    '/identification/start',
    {
      config: {
        auth: 'customer',
        errors: [
          'identification_in_progress',
          'identification_passed',
          'onboarding_step_missing',
          'partner_unavailable',
          'not_found',
        ],
      },
      schema: {
        tags: ['identification'],
        summary:
          "Starts an identification with the partner and answers its link (urlKycStart); 200 with the latest one's link while it is unused",
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: identificationViewSchema, 201: identificationViewSchema },
      },
    },
    async (request, reply) => {
      const { identification, created } = await startIdentification({
        db: app.db,
        partner: app.partners.identification,
        customerId: customerOf(request).id,
      });
      reply.status(created ? 201 : 200).header('cache-control', 'no-store');
      return sendItem(request, reply, identification, meta(identification.id));
    },
  );

  app.get(
    '/identification',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['identification'],
        summary: "The customer's identifications, newest first (page=1&itemsPerPage=1: the latest)",
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(identificationViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listIdentifications({
        db: app.db,
        customerId: customerOf(request).id,
        page: { page, itemsPerPage },
      });
      reply.header('cache-control', 'no-store');
      return sendCollection(request, reply, {
        ...result,
        type: 'Identification',
        idOf: (i) => iri('identification', i.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/identification/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['identification'],
        summary: "One of the customer's identifications with its state (stateAsString)",
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: identificationViewSchema },
      },
    },
    async (request, reply) => {
      const identification = await getIdentification({
        db: app.db,
        customerId: customerOf(request).id,
        id: request.params.id,
      });
      reply.header('cache-control', 'no-store');
      return sendItem(request, reply, identification, meta(identification.id));
    },
  );

  // The partner's result webhook: its own scope keeps the raw body for the signature check.
  await app.register(async (scope) => {
    withRawJsonBody(scope);
    // IDnow's (and the sandbox's) webhooks are JWTs as the body (decision 029).
    scope.addContentTypeParser(
      'application/jwt',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (request, body, done) => {
        request.rawBody = body as Buffer;
        done(null, (body as Buffer).toString('utf8'));
      },
    );
    scope.post(
      '/identification/webhook/:provider',
      {
        config: { errors: ['webhook_signature_invalid'] },
        schema: {
          tags: ['identification'],
          summary:
            "The identification partner's result webhook: a JWT signed by the partner (application/jwt; IDnow: its published keys) or, for IDnow, JSON with the configured X-Auth-Token. A webhook that cannot be verified answers 401 and is not believed: the result is fetched from the partner's API instead. A repeated event answers 200 and changes nothing",
          params: z.strictObject({ provider: z.enum(webhookProviders) }),
          querystring: z.strictObject({}),
          body: z.union([z.string().max(1024 * 1024), z.record(z.string(), z.unknown())]),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
        // Before the body is validated: an unsigned or forged delivery learns nothing about it.
        preValidation: async (request, reply) => {
          const partner = app.partners.identification;
          const provider = (request.params as { provider?: string }).provider;
          if (provider !== partner.provider) return sendProblem(request, reply, 'not_found', 404);
          const check = await partner.verifyWebhook({
            rawBody: request.rawBody ?? Buffer.alloc(0),
            headers: request.headers,
          });
          if (!check.ok) {
            const fetching = await requestIdentificationResultFetch({
              db: app.db,
              provider: partner.provider,
              transactionNumber: check.transactionNumber,
            });
            request.log.warn({ provider, reason: check.reason, fetching }, 'identification webhook refused');
            return sendProblem(request, reply, 'webhook_signature_invalid', 401);
          }
          verified.set(request, check.payload);
        },
      },
      async (request) => {
        const receipt = await receiveIdentificationWebhook({
          db: app.db,
          partner: app.partners.identification,
          payload: verified.get(request),
          log: request.log,
        });
        return { received: true as const, duplicate: receipt.duplicate };
      },
    );
  });
}
