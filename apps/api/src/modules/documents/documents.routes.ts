import {
  customerDocumentSchema,
  type DocumentType,
  documentPurposes,
  documentTypes,
  documentUploadFieldNames,
} from '@token/domain/documents';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { collectionOf, iri, localeQuery, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import { customerDocumentResource } from '../../http/serializers/documents.ts';
import type { App } from '../../http/types.ts';
import {
  addCustomerDocument,
  checkDocumentFieldsEarly,
  deleteCustomerDocument,
  getCustomerDocument,
  listCustomerDocuments,
  parseDocumentFields,
} from './documents.service.ts';
import { sendStoredFile } from './file-download.ts';
import { openOwnFile } from './files.service.ts';
import { pdfUploadRouteOptions, receiveAndRecordPdf, registerUploads } from './upload.ts';

const typeQuery = z.enum(documentTypes).optional();
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Documents the multipart body in OpenAPI; the fields themselves are read from the stream. */
export const documentUploadBody = z.object({
  file: z.string().meta({ format: 'binary', description: 'The PDF (at most 20 MB)' }),
  type: z.enum(documentTypes),
  purpose: z.enum(documentPurposes),
  issuedAt: z.string().meta({ format: 'date', description: "The document's date, not older than 3 months" }),
});

/** Customer documents (register excerpts, UBO documents) and file downloads (spec 7). */
export async function documentRoutes(app: App) {
  await registerUploads(app);

  const sendList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: { type?: DocumentType | undefined; page: number; itemsPerPage: number },
    scope: 'company' | undefined,
  ) => {
    const { page, itemsPerPage, type } = query;
    const result = await listCustomerDocuments({
      db: app.db,
      customerId: customerOf(request).id,
      type,
      scope,
      page: { page, itemsPerPage },
    });
    return sendCollection(request, reply, {
      items: result.items.map(customerDocumentResource),
      totalItems: result.totalItems,
      type: 'CustomerDocument',
      idOf: (d) => iri('customer-documents', d.id),
      page: { page, itemsPerPage },
    });
  };

  app.get(
    '/customer-documents',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['documents'],
        summary: "The customer's documents (all scopes), optionally of one type, in upload order",
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100), type: typeQuery }),
        response: { 200: collectionOf(customerDocumentSchema) },
      },
    },
    (request, reply) => sendList(request, reply, request.query, undefined),
  );

  app.get(
    '/customer-documents/company',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['documents'],
        summary: "The company's documents (a company account's uploads), optionally of one type",
        querystring: z.strictObject({ ...localeQuery, ...pagingQuery(30, 100), type: typeQuery }),
        response: { 200: collectionOf(customerDocumentSchema) },
      },
    },
    (request, reply) => sendList(request, reply, request.query, 'company'),
  );

  app.get(
    '/customer-documents/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['documents'],
        summary: 'One of the customer’s documents',
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: customerDocumentSchema },
      },
    },
    async (request, reply) => {
      const doc = await getCustomerDocument({
        db: app.db,
        customerId: customerOf(request).id,
        documentId: request.params.id,
      });
      return sendItem(request, reply, customerDocumentResource(doc), {
        '@id': iri('customer-documents', doc.id),
        '@type': 'CustomerDocument',
      });
    },
  );

  app.post(
    '/customer-documents',
    {
      ...pdfUploadRouteOptions(['not_found']),
      schema: {
        tags: ['documents'],
        summary:
          'Uploads a PDF document (multipart: file, type, purpose, issuedAt), streamed; at most 20 MB, three per purpose, not older than 3 months',
        description:
          'Send the text fields before the file: they are then checked before anything is stored. Fields sent after the file are checked once it has been read, and the file is discarded if they fail.',
        consumes: ['multipart/form-data'],
        querystring: z.strictObject({ ...localeQuery }),
        body: documentUploadBody,
        response: { 201: customerDocumentSchema },
      },
    },
    async (request, reply) => {
      const customerId = customerOf(request).id;
      const doc = await receiveAndRecordPdf(
        request,
        {
          storage: app.partners.storage,
          keyPrefix: 'private/documents',
          fieldNames: documentUploadFieldNames,
          beforeFile: (fields) => checkDocumentFieldsEarly({ db: app.db, customerId, fields }),
        },
        (upload) =>
          addCustomerDocument({
            db: app.db,
            customerId,
            fields: parseDocumentFields(upload.fields),
            file: upload.file,
          }),
      );
      reply.code(201);
      return sendItem(request, reply, customerDocumentResource(doc), {
        '@id': iri('customer-documents', doc.id),
        '@type': 'CustomerDocument',
      });
    },
  );

  app.delete(
    '/customer-documents/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['documents'],
        summary: 'Deletes one of the customer’s documents and its stored file',
        params: idParams,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteCustomerDocument({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        documentId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/file/:uuid/download',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['documents'],
        summary:
          'Downloads one of the customer’s own files (documents, professional evidence) as an attachment',
        params: z.object({ uuid: z.string().min(1).max(100) }),
        querystring: z.strictObject({ ...localeQuery }),
        produces: ['application/pdf'],
        response: { 200: z.string().meta({ format: 'binary', description: 'The file (application/pdf)' }) },
      },
    },
    async (request, reply) => {
      const opened = await openOwnFile({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        fileUuid: request.params.uuid,
      });
      return sendStoredFile(reply, opened);
    },
  );
}
