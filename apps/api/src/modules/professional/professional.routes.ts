import {
  type ProfessionalRequestResource,
  type ProfessionalRequestView,
  professionalCriteria,
  professionalEvidenceFieldNames,
  professionalRequestInputSchema,
  professionalRequestSchema,
} from '@token/domain/documents';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { fileDownloadUrl } from '../../http/serializers/documents.ts';
import type { App } from '../../http/types.ts';
import { pdfUploadRouteOptions, receiveAndRecordPdf, registerUploads } from '../documents/upload.ts';
import {
  addProfessionalEvidence,
  checkEvidenceEarly,
  createProfessionalRequest,
  getProfessionalRequest,
  listProfessionalRequests,
  parseEvidenceFields,
  removeProfessionalEvidence,
  withdrawProfessionalRequest,
} from './professional.service.ts';

/** The contract's professional request: the service's view with download URLs for the evidence. */
export function professionalRequestResource(view: ProfessionalRequestView): ProfessionalRequestResource {
  return {
    id: view.id,
    status: view.status,
    criteria: view.criteria,
    consequencesAcknowledgedAt: view.consequencesAcknowledgedAt,
    noticeVersion: view.noticeVersion,
    evidence: view.evidence.map((e) => ({ ...e, downloadUrl: fileDownloadUrl(e.file) })),
    missingEvidence: view.missingEvidence,
    reason: view.reason,
    createdAt: view.createdAt,
    decidedAt: view.decidedAt,
  };
}

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const meta = (id: number) => ({ '@id': iri('professional-requests', id), '@type': 'ProfessionalRequest' });

/** Professional-investor requests (WpHG § 67 (6)) of the logged-in customer. */
export async function professionalRoutes(app: App) {
  await registerUploads(app);

  app.post(
    '/professional-requests',
    {
      config: {
        auth: 'customer',
        errors: ['professional_request_open', 'already_professional', 'not_found'],
      },
      schema: {
        tags: ['professional'],
        summary:
          'Requests classification as a professional client: at least two § 67 (6) criteria, each explained, and the confirmed notice on the protections lost',
        querystring: z.strictObject({ ...localeQuery }),
        body: professionalRequestInputSchema,
        response: { 201: professionalRequestSchema },
      },
    },
    async (request, reply) => {
      const view = await createProfessionalRequest({
        db: app.db,
        customerId: customerOf(request).id,
        input: request.body,
      });
      reply.code(201);
      return sendItem(request, reply, professionalRequestResource(view), meta(view.id));
    },
  );

  app.get(
    '/professional-requests',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['professional'],
        summary: "The customer's professional requests, newest first",
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100) }),
        response: { 200: collectionOf(professionalRequestSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage } = request.query;
      const result = await listProfessionalRequests({
        db: app.db,
        customerId: customerOf(request).id,
        page: { page, itemsPerPage },
      });
      return sendCollection(request, reply, {
        items: result.items.map(professionalRequestResource),
        totalItems: result.totalItems,
        type: 'ProfessionalRequest',
        idOf: (r) => iri('professional-requests', r.id),
        page: { page, itemsPerPage },
      });
    },
  );

  app.get(
    '/professional-requests/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['professional'],
        summary: 'One of the customer’s professional requests',
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: professionalRequestSchema },
      },
    },
    async (request, reply) => {
      const { customerId: _owner, ...view } = await getProfessionalRequest({
        db: app.db,
        customerId: customerOf(request).id,
        requestId: request.params.id,
      });
      return sendItem(request, reply, professionalRequestResource(view), meta(view.id));
    },
  );

  app.patch(
    '/professional-requests/:id/withdraw',
    {
      config: { auth: 'customer', errors: ['invalid_transition'] },
      schema: {
        tags: ['professional'],
        summary: 'Withdraws an open professional request',
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: professionalRequestSchema },
      },
    },
    async (request, reply) => {
      const view = await withdrawProfessionalRequest({
        db: app.db,
        customerId: customerOf(request).id,
        requestId: request.params.id,
      });
      return sendItem(request, reply, professionalRequestResource(view), meta(view.id));
    },
  );

  app.post(
    '/professional-requests/:id/evidence',
    {
      ...pdfUploadRouteOptions(['invalid_transition']),
      schema: {
        tags: ['professional'],
        summary:
          'Uploads an evidence PDF for one stated criterion of an open request (multipart: criterion, file), streamed; at most 20 MB, three per criterion',
        description: 'Send `criterion` before the file: it is then checked before anything is stored.',
        consumes: ['multipart/form-data'],
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
        body: z.object({
          criterion: z.enum(professionalCriteria),
          file: z.string().meta({ format: 'binary', description: 'The PDF (at most 20 MB)' }),
        }),
        response: { 201: professionalRequestSchema },
      },
    },
    async (request, reply) => {
      const customerId = customerOf(request).id;
      const requestId = request.params.id;
      const view = await receiveAndRecordPdf(
        request,
        {
          storage: app.partners.storage,
          keyPrefix: 'private/professional-evidence',
          fieldNames: professionalEvidenceFieldNames,
          beforeFile: (fields) => checkEvidenceEarly({ db: app.db, customerId, requestId, fields }),
        },
        (upload) =>
          addProfessionalEvidence({
            db: app.db,
            customerId,
            requestId,
            criterion: parseEvidenceFields(upload.fields).criterion,
            file: upload.file,
          }),
      );
      reply.code(201);
      return sendItem(request, reply, professionalRequestResource(view), meta(view.id));
    },
  );

  app.delete(
    '/professional-requests/:id/evidence/:fileUuid',
    {
      config: { auth: 'customer', errors: ['invalid_transition'] },
      schema: {
        tags: ['professional'],
        summary: 'Removes an evidence file from an open professional request',
        params: z.object({
          id: z.coerce.number().int().min(1).max(2_147_483_647),
          fileUuid: z.string().min(1).max(100),
        }),
        querystring: z.strictObject({ ...localeQuery }),
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeProfessionalEvidence({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        requestId: request.params.id,
        fileUuid: request.params.fileUuid,
      });
      return reply.code(204).send(null);
    },
  );
}
