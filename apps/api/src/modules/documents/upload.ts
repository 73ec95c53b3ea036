import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import {
  type DocumentMediaType,
  documentFileName,
  isAllowedDocumentMediaType,
  maxDocumentBytes,
} from '@token/domain/documents';
import { AppError, type ErrorCode, type FieldViolation } from '@token/domain/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import type { App } from '../../http/types.ts';
import type { StoragePort } from '../../partners/storage/port.ts';

/**
 * The one upload pipeline for customer files (documents, professional evidence): multipart parsed
 * as a stream, the type judged from the first bytes, the bytes streamed to the storage port under a
 * random key while their SHA-256 and size are counted. Nothing is held in memory beyond one chunk.
 *
 * Ordering (so nothing is stored for a refused request): text fields sent BEFORE the file are
 * checked before a single byte is stored (`beforeFile`), so a client that sends its fields first
 * (FormData keeps insertion order: append the fields, then the file) is refused without any write. Fields sent
 * AFTER the file can only be judged once the file has been read: the file then sits under its random
 * key with no database row pointing at it, and the caller removes it if the fields or the database
 * write fail (`withUploadedFile`). The storage port itself writes under a temporary name and renames
 * only a complete file, so a refused or broken stream never leaves a partial object.
 */

/** Bytes file-type needs to recognise a file (its `reasonableDetectionSizeInBytes`). */
const detectionBytes = 4100;

/** A PDF ends with `%%EOF`, allowed within the last 1024 bytes (ISO 32000-1 7.5.5, Acrobat's tolerance). */
const pdfTrailerWindow = 1024;

/** Room for the form's boundaries, part headers and text fields beside a file of the maximum size. */
const declaredOverhead = 64 * 1024;

/** Multipart limits: one file of at most 20 MB, a handful of short text fields. */
export const uploadLimits = {
  fileSize: maxDocumentBytes,
  files: 1,
  fields: 10,
  fieldSize: 2000,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 50,
} as const;

/** Registers multipart parsing in the calling plugin's scope only (other routes keep refusing it). */
export async function registerUploads(scope: App) {
  await scope.register(multipart, { limits: uploadLimits, throwFileSizeLimit: true });
  // A refusal sent before the whole upload arrived ends the connection: the client stops sending
  // and cannot reuse a connection whose request it never finished.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    return payload;
  });
}

/** Upload routes take multipart only; anything else is refused before the body is looked at (preValidation). */
export async function requireMultipart(request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { detail: 'Send the file as multipart/form-data.' });
  }
  // A declared body far above the limit is refused unread; the connection closes rather than
  // swallowing it. (The streaming check stays the rule: a body without a length is counted.)
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxDocumentBytes + declaredOverhead) {
    reply.header('connection', 'close');
    throw tooBig();
  }
}

/**
 * The validator of upload routes: the multipart body is read as a stream by the handler (its
 * `body` schema only documents the form in OpenAPI); params and query validate as everywhere.
 */
export function uploadValidatorCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  if (route.httpPart === 'body') return () => ({ value: undefined });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/** Uploads are costly (disk, bandwidth): per customer, enough for a person filling in the forms. */
export const uploadRateLimit = {
  max: 30,
  timeWindow: '10 minutes',
  keyGenerator: (request: FastifyRequest) =>
    request.customer ? `upload|customer|${request.customer.id}` : `upload|ip|${request.ip}`,
};

/** A file streamed to storage and not yet recorded in the database. */
export type ReceivedFile = {
  storageKey: string;
  /** The cleaned name for display and download. */
  name: string;
  mediaType: DocumentMediaType;
  size: number;
  sha256: string;
};

export type ReceivedUpload = { fields: Record<string, string>; file: ReceivedFile };

const tooBig = () => new AppError('file_too_big');
const malformed = (detail: string) => new AppError('invalid_body', { detail });

/** Marks errors of the request body itself (busboy, multipart): a 400, not a server failure. */
function asRequestError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  const code = (e as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooBig();
    case 'FST_FILES_LIMIT':
      return malformed('Send one file per request.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return malformed('The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return malformed('The multipart form could not be read.');
    default:
      // busboy's own parse errors ("Unexpected end of form", "Malformed part header") have no code.
      return malformed(`The multipart form could not be read: ${(e as Error)?.message ?? 'unknown error'}`);
  }
}

/**
 * Reads a multipart upload with one PDF in field `file` and the text fields `fieldNames`.
 * `beforeFile` sees the fields that arrived before the file and may throw to refuse the upload
 * before anything is stored. Throws `no_file_uploaded` (400), `file_type_not_allowed` (415),
 * `file_not_recognized` (422), `file_too_big` (413), `unsupported_media_type` (415, not multipart).
 * On success the caller owns the stored file: record it, or remove it (`withUploadedFile`).
 */
export async function receivePdfUpload(
  request: FastifyRequest,
  opts: {
    storage: StoragePort;
    /** Folder of the random key, e.g. `private/documents` (never under `public/`). */
    keyPrefix: string;
    fieldNames: readonly string[];
    beforeFile?: (fieldsSoFar: Record<string, string>) => Promise<void> | void;
  },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { detail: 'Send the file as multipart/form-data.' });
  }
  const fields: Record<string, string> = {};
  const violations: FieldViolation[] = [];
  let file: ReceivedFile | null = null;
  try {
    const parts = request.parts();
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (e) {
        throw asRequestError(e);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname)) {
          violations.push({ propertyPath: part.fieldname, code: 'invalid_value' });
        } else if (part.valueTruncated) {
          violations.push({ propertyPath: part.fieldname, code: 'too_long' });
        }
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('validation_failed', {
          violations: [{ propertyPath: part.fieldname, code: 'unknown_parameter' }],
        });
      }
      if (violations.length > 0) {
        part.file.resume();
        throw new AppError('validation_failed', { violations });
      }
      try {
        await opts.beforeFile?.(onlyKnown(fields, opts.fieldNames));
      } catch (e) {
        part.file.resume();
        throw e;
      }
      file = await storePdf(part, opts);
    }
  } catch (e) {
    if (file) await opts.storage.remove(file.storageKey);
    throw e;
  }
  if (violations.length > 0) {
    if (file) await opts.storage.remove(file.storageKey);
    throw new AppError('validation_failed', { violations });
  }
  if (!file) throw new AppError('no_file_uploaded');
  return { fields, file };
}

function onlyKnown(fields: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => names.includes(k)));
}

/** Streams one file part to storage after judging its first bytes; see `receivePdfUpload`. */
async function storePdf(
  part: MultipartFile,
  opts: { storage: StoragePort; keyPrefix: string },
): Promise<ReceivedFile | null> {
  const stream = part.file;
  let limitReached = false;
  stream.on('limit', () => {
    limitReached = true;
  });
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const read = async () => {
    try {
      return await chunks.next();
    } catch (e) {
      throw asRequestError(e);
    }
  };
  // After a refusal the rest of the part is read and dropped, so the form is parsed to its end and
  // the connection stays usable (resume() does nothing once an async iterator is attached).
  const drain = () => {
    void (async () => {
      try {
        while (!(await chunks.next()).done) {
          // discard
        }
      } catch {
        // the request broke off; nothing left to drain
      }
    })();
  };

  // The head: enough bytes to judge the type, read before anything is written.
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < detectionBytes) {
    const next = await read();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headSize += next.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) {
    // A form sent without choosing a file carries an empty file part.
    return null;
  }
  const detected = await fileTypeFromBuffer(first);
  if (!isAllowedDocumentMediaType(detected?.mime)) {
    if (!ended) drain();
    throw new AppError('file_type_not_allowed', {
      detail: `Only PDF documents are accepted (this file is ${detected?.mime ?? 'not a known binary type'}).`,
    });
  }

  const storageKey = `${opts.keyPrefix}/${randomUUID()}`;
  const hash = createHash('sha256');
  let size = 0;
  let tail = Buffer.alloc(0);
  async function* bytes(): AsyncGenerator<Buffer> {
    let chunk: Buffer | undefined = first;
    while (chunk) {
      size += chunk.length;
      if (size > maxDocumentBytes) throw tooBig();
      hash.update(chunk);
      tail = Buffer.concat([tail, chunk]).subarray(-pdfTrailerWindow);
      yield chunk;
      if (ended) break;
      const next = await read();
      chunk = next.done ? undefined : next.value;
    }
    if (limitReached || stream.truncated) throw tooBig();
    // A PDF cut short (an aborted copy, a file that only starts like one) is not a document.
    if (!tail.includes('%%EOF')) throw new AppError('file_not_recognized');
  }
  try {
    await opts.storage.putStream(storageKey, Readable.from(bytes()), 'application/pdf');
  } catch (e) {
    if (!stream.readableEnded) drain();
    throw e;
  }
  return {
    storageKey,
    name: documentFileName(part.filename),
    mediaType: 'application/pdf',
    size,
    sha256: hash.digest('hex'),
  };
}

/**
 * Runs `record` with an uploaded file and removes the stored file when `record` fails (invalid
 * fields sent after the file, a limit reached, a database error): no object without its row.
 */
export async function withUploadedFile<T>(
  storage: StoragePort,
  file: ReceivedFile,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (e) {
    await storage.remove(file.storageKey);
    throw e;
  }
}

/** What every PDF upload may answer besides the route's own refusals. */
export const pdfUploadErrors = [
  'no_file_uploaded',
  'file_too_big',
  'file_type_not_allowed',
  'file_not_recognized',
  'document_limit_reached',
] as const satisfies readonly ErrorCode[];

/**
 * The options every customer's PDF upload route shares: multipart only (refused before the body is
 * read), the stream-reading validator, customer auth, the upload rate limit, and the upload errors
 * plus the route's own `errors` (OpenAPI). Spread them and add the route's `schema`.
 */
export function pdfUploadRouteOptions(errors: readonly ErrorCode[] = []) {
  return {
    preValidation: requireMultipart,
    validatorCompiler: uploadValidatorCompiler,
    config: {
      auth: 'customer' as const,
      rateLimit: uploadRateLimit,
      errors: [...pdfUploadErrors, ...errors],
    },
  };
}

/**
 * Receives a PDF upload (`receivePdfUpload`) and records it with `record`; the stored file is
 * removed again when recording fails (`withUploadedFile`).
 */
export async function receiveAndRecordPdf<T>(
  request: FastifyRequest,
  opts: Parameters<typeof receivePdfUpload>[1],
  record: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const upload = await receivePdfUpload(request, opts);
  return withUploadedFile(opts.storage, upload.file, () => record(upload));
}
