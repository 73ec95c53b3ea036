import type { Readable } from 'node:stream';

/** An object read as a stream, with its size in bytes (for Content-Length). */
export type StoredObjectStream = { stream: Readable; size: number };

/** A request a client may make directly against the store until `expiresAt` (a presigned URL). */
export type PresignedRequest = {
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the client must send with it (the content type a PUT was signed for). */
  headers: Record<string, string>;
  expiresAt: Date;
};

/** Object storage: local disk by default, S3-compatible when configured. */
export type StoragePort = {
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
  /**
   * Stores a stream under `key` without holding it in memory. The object appears under `key` only
   * once the whole stream was written (written under a temporary name, then renamed); when the
   * source fails (too big, wrong type, client gone) nothing is left behind and the error is rethrown.
   * Answers the number of bytes written.
   */
  putStream: (key: string, source: Readable | AsyncIterable<Buffer>, contentType: string) => Promise<number>;
  /**
   * The stored object as a stream, or null when nothing is stored under the key. With `range`, only
   * the bytes `start..end` (inclusive, within the object) are streamed; `size` is the whole object's.
   */
  getStream: (key: string, range?: { start: number; end: number }) => Promise<StoredObjectStream | null>;
  /** A URL through which a client uploads the object's bytes with PUT (the store checks the signature). */
  presignPut: (
    key: string,
    opts: { contentType?: string | undefined; expiresInSeconds: number },
  ) => Promise<PresignedRequest>;
  /** A URL through which a client downloads the object (as an attachment named `fileName` when given). */
  presignGet: (
    key: string,
    opts: { expiresInSeconds: number; fileName?: string | undefined },
  ) => Promise<PresignedRequest>;
};
