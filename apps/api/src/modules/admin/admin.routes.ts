import {
  approveCustomerInputSchema,
  approveProfessionalInputSchema,
  auditEntrySchema,
  banInputSchema,
  type CustomerDecision,
  customerFileSchema,
  customerListScopes,
  customerStatuses,
  decisionPath,
  decisionResultSchema,
  fileLinkSchema,
  followUpInputSchema,
  liftBanInputSchema,
  operatorViewSchema,
  type ProfessionalDecision,
  queueReasons,
  refuseProfessionalInputSchema,
  reviewQueueItemSchema,
} from '@token/domain/compliance';
import type { ErrorCode } from '@token/domain/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { operatorApiBase, operatorLinkResource, operatorOf } from '../../http/auth.ts';
import { collectionOf, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { createOperatorLinks } from '../../http/operator-links.ts';
import type { App } from '../../http/types.ts';
import { mailContext } from '../../mail/mail-context.ts';
import { openCustomerFile } from '../documents/files.service.ts';
import { listAuditLog } from './audit-log.service.ts';
import { getCustomerFile, getOperatorView } from './customer-file.service.ts';
import { decideCustomer, decideProfessionalRequest } from './decisions.service.ts';
import { contentDisposition, getStoredFileRecord, isInlineType } from './files.service.ts';
import { listReviewQueue } from './review-queue.service.ts';

const uuidParam = z.strictObject({ uuid: z.uuid() });
const idParam = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** Every route here is operator-only anyway (http/auth.ts); declared so it reads and documents so. */
const operator = { auth: 'operator' as const };

const adminIri = (path: string) => `${operatorApiBase}/${path}`;

function sendPlain<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  item: T,
  path: string,
  type: string,
) {
  return sendItem(request, reply, item, { '@id': adminIri(path), '@type': type });
}

/**
 * A file opened in the browser's own tab: shown inline when the browser displays it without running
 * anything of it (PDF, images), else downloaded; never sniffed, never cached. Chrome's PDF viewer
 * needs `object-src 'self'` and inline styles on the PDF's own answer (crbug 271452), so the
 * page-wide policy is replaced here by one that allows just that.
 */
const fileSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** A request as logged, with the `access` grant of an operator link cut from its address. */
function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]access=)[^&#]*/g, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The operator API under /api/v2/admin/ (compliance review, issue 7): the review queue, a
 * customer's whole file with its audit log, the decisions, and the customers' stored files.
 */
export async function adminRoutes(app: App) {
  const links = createOperatorLinks(app.config.appSecret);

  app.get(
    '/me',
    {
      config: { ...operator, errors: ['not_found'] },
      schema: {
        tags: ['admin'],
        summary: 'The operator: a customer with the role admin and two-factor enabled',
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: operatorViewSchema },
      },
    },
    async (request, reply) =>
      sendPlain(
        request,
        reply,
        await getOperatorView({ db: app.db, operatorId: operatorOf(request).id }),
        'me',
        'Operator',
      ),
  );

  app.get(
    '/customers',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          'The review queue (scope=queue, longest waiting first) or every customer (scope=all, newest first), by status, reason and search',
        querystring: z.strictObject({
          ...localeQuery,
          ...pagingQuery(20, 100),
          scope: z.enum(customerListScopes).default('queue'),
          status: z.enum(customerStatuses).optional(),
          reason: z.enum(queueReasons).optional(),
          search: z.string().trim().max(100).optional(),
        }),
        response: { 200: collectionOf(reviewQueueItemSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, scope, status, reason, search } = request.query;
      const result = await listReviewQueue({
        db: app.db,
        filter: { scope, status, reason, search },
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'ReviewQueueItem',
        idOf: (c) => adminIri(`customers/${c.uuid}`),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/customers/:uuid',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "A customer's whole file for the review, with the decisions that can be taken now",
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: customerFileSchema },
      },
    },
    async (request, reply) => {
      const file = await getCustomerFile({
        db: app.db,
        customerUuid: request.params.uuid,
        operatorId: operatorOf(request).id,
      });
      return sendPlain(request, reply, file, `customers/${file.customer.uuid}`, 'CustomerFile');
    },
  );

  app.get(
    '/customers/:uuid/audit-log',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "The customer's compliance audit log (who, when, what, why), newest first",
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(20, 100) }),
        response: { 200: collectionOf(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listAuditLog({
        db: app.db,
        customerUuid: request.params.uuid,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        ...result,
        type: 'AuditEntry',
        idOf: (e) => adminIri(`audit-log/${e.id}`),
        page: { page, itemsPerPage },
      });
    },
  );

  const customerDecisionRoutes: {
    decision: CustomerDecision;
    body: z.ZodType;
    summary: string;
    errors: ErrorCode[];
  }[] = [
    {
      decision: 'approve',
      body: approveCustomerInputSchema.nullish(),
      summary: 'Approves the customer (status approved); needs a confirmed identity',
      errors: ['invalid_transition', 'customer_not_identified', 'customer_erased'],
    },
    {
      decision: 'follow_up',
      body: followUpInputSchema,
      summary:
        'Asks the customer for more information (status follow_up, message and mail in their language)',
      errors: ['invalid_transition', 'customer_erased'],
    },
    {
      decision: 'ban',
      body: banInputSchema,
      summary: 'Bans the customer (status banned); the reason stays internal',
      errors: ['invalid_transition', 'customer_erased'],
    },
    {
      decision: 'lift_ban',
      body: liftBanInputSchema,
      summary: 'Lifts a ban: the customer is checked again (status unchecked)',
      errors: ['invalid_transition', 'customer_erased'],
    },
  ];
  for (const route of customerDecisionRoutes) {
    app.post(
      `/customers/:uuid/${decisionPath(route.decision)}`,
      {
        config: { ...operator, errors: route.errors },
        schema: {
          tags: ['admin'],
          summary: route.summary,
          params: uuidParam,
          querystring: z.strictObject({ ...localeQuery }),
          body: route.body,
          response: { 200: decisionResultSchema },
        },
      },
      async (request, reply) => {
        const result = await decideCustomer({
          db: app.db,
          mailCtx: await mailContext(app),
          operator: operatorOf(request),
          customerUuid: (request.params as { uuid: string }).uuid,
          decision: route.decision,
          input: (request.body ?? {}) as never,
        });
        return sendPlain(request, reply, result, `customers/${result.customer.uuid}`, 'Decision');
      },
    );
  }

  const professionalDecisionRoutes: {
    decision: ProfessionalDecision;
    body: z.ZodType;
    summary: string;
    errors: ErrorCode[];
  }[] = [
    {
      decision: 'approve',
      body: approveProfessionalInputSchema.nullish(),
      summary: 'Approves a professional-client request (WpHG § 67 (6)): adds the role professional_investor',
      errors: ['invalid_transition', 'professional_evidence_missing', 'customer_erased'],
    },
    {
      decision: 'refuse',
      body: refuseProfessionalInputSchema,
      summary: 'Refuses a professional-client request, with the reason',
      errors: ['invalid_transition', 'customer_erased'],
    },
  ];
  for (const route of professionalDecisionRoutes) {
    app.post(
      `/professional-requests/:id/${decisionPath(route.decision)}`,
      {
        config: { ...operator, errors: route.errors },
        schema: {
          tags: ['admin'],
          summary: route.summary,
          params: idParam,
          querystring: z.strictObject({ ...localeQuery }),
          body: route.body,
          response: { 200: decisionResultSchema },
        },
      },
      async (request, reply) => {
        const result = await decideProfessionalRequest({
          db: app.db,
          mailCtx: await mailContext(app),
          operator: operatorOf(request),
          requestId: (request.params as { id: number }).id,
          decision: route.decision,
          input: (request.body ?? {}) as never,
        });
        return sendPlain(request, reply, result, `customers/${result.customer.uuid}`, 'Decision');
      },
    );
  }

  app.get(
    '/files/:uuid',
    {
      config: { ...operator, operatorLink: { param: 'uuid', resource: 'file' } },
      // The link's `access` grant never reaches a log line.
      logSerializers: { req: redactedRequest },
      schema: {
        tags: ['admin'],
        summary:
          "A customer's stored file, opened in the browser (PDF and images inline); bearer token or a link from POST files/{uuid}/link",
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery, access: z.string().max(800).optional() }),
        response: { 200: z.any().describe('The file') },
      },
    },
    async (request, reply) => {
      const opened = await openCustomerFile({
        db: app.db,
        storage: app.partners.storage,
        fileUuid: request.params.uuid,
      });
      const file = opened.file;
      request.log.info(
        { operator: operatorOf(request).uuid, file: file.uuid },
        'operator opened a stored file',
      );
      const inline = isInlineType(file.mediaType);
      return reply
        .header('content-type', inline ? file.mediaType : 'application/octet-stream')
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('content-length', String(opened.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', fileSecurityPolicy)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(opened.stream);
    },
  );

  app.post(
    '/files/:uuid/link',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          'A link that opens the file in a new browser tab (which sends no bearer token): this file only, this session, two minutes',
        params: uuidParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 201: fileLinkSchema },
      },
    },
    async (request, reply) => {
      const me = operatorOf(request);
      const file = await getStoredFileRecord({ db: app.db, uuid: request.params.uuid });
      const { token, expiresAt } = links.sign({
        resource: operatorLinkResource('file', file.uuid),
        customerUuid: me.uuid,
        sessionId: me.sessionId,
      });
      const url = `${adminIri(`files/${file.uuid}`)}?${new URLSearchParams({ access: token })}`;
      return reply.status(201).send({ url, expiresAt: expiresAt.toISOString() });
    },
  );
}
