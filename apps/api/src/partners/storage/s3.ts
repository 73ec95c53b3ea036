import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentHeader, headersOf } from './local-links.ts';
import type { StoragePort } from './port.ts';

/** An S3-compatible store (AWS S3, MinIO, Ceph, R2...): one bucket; `public/` and `private/` key prefixes. */
export type S3StorageConfig = {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
};

function isMissing(e: unknown): boolean {
  if (e instanceof NoSuchKey) return true;
  return e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404);
}

/**
 * Object storage on an S3-compatible service through the AWS SDK; clients upload and download
 * directly with presigned URLs. Streams are spooled to a temporary file to learn their length (S3
 * needs it for a single PUT) rather than held in memory.
 */
export function createS3Storage(config: S3StorageConfig): StoragePort {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with trailing CRCs)
    // is not understood by every S3-compatible server and would be stored as part of the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  const storage: StoragePort = {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const object = await storage.getStream(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async putStream(key, source, contentType) {
      const dir = await mkdtemp(join(tmpdir(), 's3-spool-'));
      const file = join(dir, randomBytes(8).toString('hex'));
      try {
        let size = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(source, counter, createWriteStream(file, { mode: 0o600 }));
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
        return size;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async getStream(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!out.Body) return null;
        // A ranged answer names the whole object's size after the slash of its Content-Range.
        const total = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1]) : Number.NaN;
        return {
          stream: out.Body as Readable,
          size: Number.isFinite(total) ? total : Number(out.ContentLength ?? 0),
        };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async presignPut(key, opts) {
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ...(opts.contentType ? { ContentType: opts.contentType } : {}),
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: opts.expiresInSeconds,
        // The content type is part of the signature: the client must send the same header.
        ...(opts.contentType ? { signableHeaders: new Set(['content-type']) } : {}),
      });
      return {
        url,
        method: 'PUT',
        headers: headersOf(opts.contentType),
        expiresAt: new Date(Date.now() + opts.expiresInSeconds * 1000),
      };
    },
    async presignGet(key, opts) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ...(opts.fileName ? { ResponseContentDisposition: attachmentHeader(opts.fileName) } : {}),
      });
      const url = await getSignedUrl(client, command, { expiresIn: opts.expiresInSeconds });
      return {
        url,
        method: 'GET',
        headers: {},
        expiresAt: new Date(Date.now() + opts.expiresInSeconds * 1000),
      };
    },
  };
  return storage;
}
