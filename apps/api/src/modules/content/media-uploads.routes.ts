import { Transform } from 'node:stream';
import { AppError } from '@token/domain/errors';
import {
  contentExtensionOf,
  contentFileTypes,
  contentMediaFileViewSchema,
  maxContentFileBytes,
  presignInputSchema,
  presignViewSchema,
  type RenditionSize,
  renditionSizes,
  signedLinkViewSchema,
} from '@token/domain/marketplace';
import { z } from 'zod';
import { customerOf } from '../../http/auth.ts';
import { iri, localeQuery, sendItem } from '../../http/hydra.ts';
import type { App } from '../../http/types.ts';
import { attachmentHeader, createLinkSigner } from '../../partners/storage/local-links.ts';
import {
  completeUpload,
  getAwaitingUploadByKey,
  presignUpload,
  settleUpload,
  signedLinkOfFile,
  toContentMediaFileView,
  viewOwnMediaFile,
} from './media-uploads.service.ts';

const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tokenParam = z.object({ token: z.string().min(1).max(200) });
const uploadErrors = [
  'file_too_big',
  'file_not_recognized',
  'file_type_not_allowed',
  'file_hash_mismatch',
] as const;
const meta = (id: number) => ({ '@id': iri('media-files', id), '@type': 'MediaFile' });

/** Creators' uploads (spec 7: media-files/presign, media-files/{id}/presign) and the local store's signed links. */
export async function mediaUploadRoutes(app: App) {
  app.post(
    '/media-files/presign',
    {
      config: {
        auth: 'customer',
        errors: ['file_type_not_allowed'],
        rateLimit: { max: 60, timeWindow: '10 minutes' },
      },
      schema: {
        tags: ['media'],
        summary:
          'Announces an upload (file name, private, hex SHA-256 of the bytes) and answers the presigned PUT for its bytes',
        description:
          'Extensions of spec 9 only (png, gif, webp, jpg, jpeg, mp3, mpeg, mp4, mov). PUT the bytes to `uploadUrl` ' +
          'with `headers`; the upload is then checked (30,000,000 bytes at most, type by magic bytes, the ' +
          'announced SHA-256) by the local upload itself, or on `POST media-files/{id}/complete` (S3).',
        querystring: z.strictObject({ ...localeQuery }),
        body: presignInputSchema,
        response: { 201: presignViewSchema },
      },
    },
    async (request, reply) => {
      const presigned = await presignUpload({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        input: request.body,
      });
      reply.code(201);
      return sendItem(request, reply, presigned, meta(presigned.id));
    },
  );

  app.get(
    '/media-files/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['media'],
        summary: 'One of the customer’s uploads: its state (awaiting_upload, ready, rejected) and renditions',
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: contentMediaFileViewSchema },
      },
    },
    async (request, reply) => {
      const row = await viewOwnMediaFile({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        id: request.params.id,
      });
      return sendItem(request, reply, toContentMediaFileView(row), meta(row.id));
    },
  );

  app.post(
    '/media-files/:id/complete',
    {
      config: { auth: 'customer', errors: [...uploadErrors, 'no_file_uploaded'] },
      schema: {
        tags: ['media'],
        summary:
          'Checks an upload whose bytes are in the store (S3) and answers the ready file or the refusal',
        params: idParam,
        querystring: z.strictObject({ ...localeQuery }),
        response: { 200: contentMediaFileViewSchema },
      },
    },
    async (request, reply) => {
      const row = await completeUpload({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        id: request.params.id,
      });
      return sendItem(request, reply, toContentMediaFileView(row), meta(row.id));
    },
  );

  app.get(
    '/media-files/:id/presign',
    {
      config: { auth: 'customer', errors: ['no_file_uploaded'] },
      schema: {
        tags: ['media'],
        summary:
          'A signed download link of a file for its owner, or a buyer of an item that unlocks it on purchase (private files are served only so)',
        params: idParam,
        querystring: z.strictObject({
          ...localeQuery,
          size: z
            .enum(renditionSizes as [RenditionSize, ...RenditionSize[]])
            .optional()
            .describe('A rendition (images) instead of the original'),
        }),
        response: { 200: signedLinkViewSchema },
      },
    },
    async (request, reply) => {
      const link = await signedLinkOfFile({
        db: app.db,
        storage: app.partners.storage,
        customerId: customerOf(request).id,
        id: request.params.id,
        size: request.query.size,
      });
      return reply.type('application/json; charset=utf-8').send(link);
    },
  );
}

/**
 * The local store's signed links (partners/storage/local.ts signs them): the upload (PUT, the raw
 * bytes, streamed to the store while counted, then checked) and the download. In a scope of their own,
 * where every body is taken raw.
 */
export async function localStorageLinkRoutes(scope: App) {
  const signer = createLinkSigner(scope.config.appSecret);
  scope.removeAllContentTypeParsers();
  // The handler streams `request.raw` itself: nothing is parsed or buffered.
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  scope.put(
    '/uploads/:token',
    {
      config: { errors: ['signed_link_invalid', 'no_file_uploaded', ...uploadErrors] },
      schema: {
        tags: ['media'],
        summary: 'The bytes of an announced upload, through the presigned URL (local storage)',
        description: 'Send the headers the presign call answered. Answers the checked media file.',
        params: tokenParam,
        response: { 200: contentMediaFileViewSchema },
      },
    },
    async (request, reply) => {
      const contentType = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      const key = signer.verify(request.params.token, { method: 'PUT', bound: contentType });
      if (!key) throw new AppError('signed_link_invalid');
      const row = await getAwaitingUploadByKey({ db: scope.db, storageKey: key });
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxContentFileBytes) {
        reply.header('connection', 'close');
        throw new AppError('file_too_big');
      }
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          size += chunk.length;
          if (size > maxContentFileBytes) next(new AppError('file_too_big'));
          else next(null, chunk);
        },
      });
      try {
        await scope.partners.storage.putStream(key, request.raw.pipe(limit), row.mimeType);
      } catch (e) {
        if (e instanceof AppError) {
          reply.header('connection', 'close');
          throw e;
        }
        throw new AppError('bad_request', { detail: 'The upload broke off.' });
      }
      const settled = await settleUpload({ db: scope.db, storage: scope.partners.storage, row });
      if (settled.refusal) throw new AppError(settled.refusal);
      return sendItem(request, reply, toContentMediaFileView(settled.row), meta(row.id));
    },
  );

  scope.get(
    '/files/:token',
    {
      config: { errors: ['signed_link_invalid'] },
      schema: {
        tags: ['media'],
        summary: 'A file through its signed download link (local storage)',
        params: tokenParam,
        querystring: z.strictObject({ name: z.string().max(300).optional() }),
      },
    },
    async (request, reply) => {
      const name = request.query.name ?? '';
      const key = signer.verify(request.params.token, { method: 'GET', bound: name });
      if (!key) throw new AppError('signed_link_invalid');
      const object = await scope.partners.storage.getStream(key);
      if (!object) throw new AppError('not_found');
      reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(object.size))
        .header('content-disposition', name ? attachmentHeader(name) : 'attachment');
      const extension = name.endsWith('.webp') ? 'webp' : contentExtensionOf(name);
      reply.type(extension ? contentFileTypes[extension].mimeType : 'application/octet-stream');
      return reply.send(object.stream);
    },
  );
}
