import { createHash, randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import {
  bondAdminListItemViewSchema,
  bondAdminListQuerySchema,
  bondAdminViewSchema,
  bondCreateInputSchema,
  bondImageMimeTypes,
  bondUpdateInputSchema,
  legalDocumentUploadFieldsSchema,
  maxBondImageBytes,
} from '@token/domain/catalog';
import { documentFileName } from '@token/domain/documents';
import { AppError, type ErrorCode, fieldViolationsOf } from '@token/domain/errors';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { operatorOf } from '../../http/auth.ts';
import { collectionOf, pagingQuery, sendCollection, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import {
  pdfUploadErrors,
  receiveAndRecordPdf,
  registerUploads,
  requireMultipart,
  uploadValidatorCompiler,
} from '../documents/upload.ts';
import {
  addBondImage,
  addLegalDocument,
  createBond,
  getBondAdmin,
  listBonds,
  publishBond,
  removeBondImage,
  type StoredImage,
  unpublishBond,
  updateBond,
} from './bonds-admin.service.ts';

const operator = { auth: 'operator' as const };
const codeParam = { code: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) };
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
const base = (code: string) => `/api/v2/admin/bonds/${encodeURIComponent(code)}`;
const meta = (code: string) => ({ '@id': base(code), '@type': 'BondAdmin' });

/** Upload routes: multipart only, read as a stream by the handler, operator only. */
function uploadOptions(errors: readonly ErrorCode[]) {
  return {
    preValidation: requireMultipart,
    validatorCompiler: uploadValidatorCompiler,
    config: { ...operator, errors: [...errors] },
  };
}

/** The form a multipart upload documents in OpenAPI (the handler reads the stream). */
const uploadBody = (fields: Record<string, z.ZodType>) =>
  z.object({ file: z.any().describe('the file (multipart/form-data)'), ...fields });

/**
 * The operator's bond administration under /api/v2/admin/bonds (issue 17): list (drafts too),
 * create, edit, publish and unpublish, images and versioned legal documents; every change audited.
 */
export async function bondsAdminRoutes(app: App) {
  await app.register(bondUploadRoutes);

  app.get(
    '/bonds',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: 'Every bond, drafts included, newest first; search `q` in codes and names; `status` filter',
        querystring: bondAdminListQuerySchema.extend(pagingQuery(30, 100)),
        response: { 200: collectionOf(bondAdminListItemViewSchema) },
      },
    },
    async (request, reply) => {
      const { page, itemsPerPage, q, status } = request.query;
      const { items, totalItems } = await listBonds({
        db: app.db,
        locale: request.locale,
        page: { page, itemsPerPage },
        q,
        status,
      });
      return sendCollection(request, reply, {
        items,
        totalItems,
        type: 'BondAdmin',
        idOf: (b) => base(b.code),
        page: { page, itemsPerPage },
      });
    },
  );

  app.post(
    '/bonds',
    {
      config: { ...operator, errors: ['bond_code_taken'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Creates a bond as a draft: texts de/en, taxon, price, supply, step, attributes, variant and payment methods (422 on the field, 409 on a taken code); audit log',
        body: bondCreateInputSchema,
        response: { 201: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await createBond({ db: app.db, input: request.body, operatorId: operatorOf(request).id });
      reply.status(201).header('location', base(view.code));
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.get(
    '/bonds/:code',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary:
          "A bond's edit view: texts, price, supply, attributes, images, legal documents with versions",
        params: z.strictObject(codeParam),
        response: { 200: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await getBondAdmin({ db: app.db, code: request.params.code });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.patch(
    '/bonds/:code',
    {
      config: { ...operator, errors: ['bond_tokens_sold'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Changes texts, price, supply, taxon, step, attributes, whitelisting (price and supply: 409 once tokens are sold); audit log',
        params: z.strictObject(codeParam),
        body: bondUpdateInputSchema,
        response: { 200: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await updateBond({
        db: app.db,
        code: request.params.code,
        input: request.body,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.post(
    '/bonds/:code/publish',
    {
      config: { ...operator, errors: ['bond_not_publishable'] as const },
      schema: {
        tags: ['admin'],
        summary:
          'Shows the bond in the shop; needs saved terms, de and en names, a price and a current information sheet (409 naming what is missing); audit log',
        params: z.strictObject(codeParam),
        response: { 200: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await publishBond({
        db: app.db,
        code: request.params.code,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.post(
    '/bonds/:code/unpublish',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: 'Hides the bond from the shop (orders and register untouched); audit log',
        params: z.strictObject(codeParam),
        response: { 200: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const view = await unpublishBond({
        db: app.db,
        code: request.params.code,
        operatorId: operatorOf(request).id,
      });
      return sendItem(request, reply, view, meta(view.code));
    },
  );

  app.delete(
    '/bonds/:code/images/:id',
    {
      config: operator,
      schema: {
        tags: ['admin'],
        summary: "Removes one of the bond's images; audit log",
        params: z.strictObject({ ...codeParam, id: idParam }),
        response: { 200: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const { view, storageKeys } = await removeBondImage({
        db: app.db,
        code: request.params.code,
        imageId: request.params.id,
        operatorId: operatorOf(request).id,
      });
      for (const storageKey of storageKeys)
        await app.partners.storage.remove(storageKey).catch((e: unknown) => {
          request.log.warn({ err: e, storageKey }, 'removed image file could not be deleted');
        });
      return sendItem(request, reply, view, meta(view.code));
    },
  );
}

/** The upload routes, in their own scope so only they parse multipart. */
async function bondUploadRoutes(app: App) {
  await registerUploads(app);

  app.post(
    '/bonds/:code/images',
    {
      ...uploadOptions(['no_file_uploaded', 'file_too_big', 'file_type_not_allowed', 'file_not_recognized']),
      schema: {
        tags: ['admin'],
        summary:
          'Adds an image (JPEG, PNG or WebP judged by its bytes, at most 10 MB) as the last picture; audit log',
        params: z.strictObject(codeParam),
        consumes: ['multipart/form-data'],
        body: uploadBody({}),
        response: { 201: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      // unknown bonds are refused before a byte is stored
      await getBondAdmin({ db: app.db, code });
      const { image, bytes } = await receiveImage(request, app.partners.storage);
      try {
        const view = await addBondImage({
          db: app.db,
          storage: app.partners.storage,
          code,
          image,
          bytes,
          operatorId: operatorOf(request).id,
        });
        reply.status(201);
        return sendItem(request, reply, view, meta(view.code));
      } catch (e) {
        await app.partners.storage.remove(image.storageKey);
        throw e;
      }
    },
  );

  app.post(
    '/bonds/:code/legal-documents',
    {
      ...uploadOptions(pdfUploadErrors.filter((c) => c !== 'document_limit_reached')),
      schema: {
        tags: ['admin'],
        summary:
          'Adds a legal document (PDF judged by its bytes, at most 20 MB; type, locale or none, title) as the next version of its type and locale: it supersedes the current one for new investors, earlier versions stay downloadable; audit log',
        params: z.strictObject(codeParam),
        consumes: ['multipart/form-data'],
        body: uploadBody({ type: z.string(), locale: z.string().optional(), title: z.string() }),
        response: { 201: bondAdminViewSchema },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      await getBondAdmin({ db: app.db, code });
      const view = await receiveAndRecordPdf(
        request,
        {
          storage: app.partners.storage,
          keyPrefix: 'private/legal-documents',
          fieldNames: ['type', 'locale', 'title'],
          beforeFile: (fields) => {
            parseLegalDocumentFields(fields);
          },
        },
        ({ fields, file }) =>
          addLegalDocument({
            db: app.db,
            code,
            fields: parseLegalDocumentFields(fields),
            file,
            operatorId: operatorOf(request).id,
          }),
      );
      reply.status(201);
      return sendItem(request, reply, view, meta(view.code));
    },
  );
}

function parseLegalDocumentFields(fields: Record<string, string>) {
  const parsed = legalDocumentUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('validation_failed', { violations: fieldViolationsOf(parsed.error.issues, fields) });
  }
  return parsed.data;
}

const extensionOf: Record<(typeof bondImageMimeTypes)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Reads the one image of a multipart upload (field `file`): at most 10 MB, its type judged from its
 * bytes, stored in the public bucket under a random key. Throws before anything is stored.
 */
async function receiveImage(
  request: FastifyRequest,
  storage: StoragePort,
): Promise<{ image: StoredImage; bytes: Buffer }> {
  let stored: StoredImage | null = null;
  try {
    return await readImageParts(request, storage, (image) => {
      stored = image;
    });
  } catch (e) {
    if (stored) await storage.remove((stored as StoredImage).storageKey);
    throw e;
  }
}

async function readImageParts(
  request: FastifyRequest,
  storage: StoragePort,
  onStored: (image: StoredImage) => void,
): Promise<{ image: StoredImage; bytes: Buffer }> {
  let image: StoredImage | null = null;
  let imageBytes: Buffer | null = null;
  const parts = request.parts();
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (e) {
      throw asUploadError(e);
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file' || image) {
      part.file.resume();
      throw new AppError('validation_failed', {
        violations: [{ propertyPath: part.fieldname, code: 'unknown_parameter' }],
      });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBondImageBytes) throw new AppError('file_too_big');
        chunks.push(chunk);
      }
    } catch (e) {
      throw asUploadError(e);
    }
    if (part.file.truncated) throw new AppError('file_too_big');
    const bytes = Buffer.concat(chunks);
    if (bytes.length === 0) continue;
    const detected = await fileTypeFromBuffer(bytes);
    const mime = detected?.mime as (typeof bondImageMimeTypes)[number] | undefined;
    if (!mime || !bondImageMimeTypes.includes(mime)) {
      throw new AppError('file_type_not_allowed', {
        detail: `Only JPEG, PNG or WebP images are accepted (this file is ${detected?.mime ?? 'not a known binary type'}).`,
      });
    }
    const ext = extensionOf[mime];
    const name = documentFileName(part.filename, 'image').replace(/(\.[A-Za-z0-9]{1,5})+$/, '');
    const storageKey = `public/products/${randomUUID()}.${ext}`;
    await storage.put(storageKey, bytes, mime);
    image = {
      storageKey,
      fileName: `${name}.${ext}`,
      mimeType: mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    imageBytes = bytes;
    onStored(image);
  }
  if (!image || !imageBytes) throw new AppError('no_file_uploaded');
  return { image, bytes: imageBytes };
}

function asUploadError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  if ((e as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file_too_big');
  return new AppError('invalid_body', { detail: 'The multipart form could not be read.' });
}
