/** Object storage: local disk by default, S3-compatible when configured. */
export type StoragePort = {
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};
