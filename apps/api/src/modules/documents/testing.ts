/// <reference types="pdfkit" />
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import type { App } from '../../http/types.ts';

/**
 * Test helpers for uploads (used by the documents and professional tests): real PDFs made with
 * pdfkit, multipart bodies assembled byte by byte (field order under the test's control), and a
 * listing of the storage folder to prove nothing was left behind.
 */

/** A real one-page PDF with `text` on it. */
export async function makePdf(text: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', info: { CreationDate: new Date('2025-01-01T00:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(14).text(text);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A PDF of exactly `size` bytes: a valid header, padding inside a comment, the `%%EOF` trailer. */
export function paddedPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%');
  const tail = Buffer.from('\n%%EOF\n');
  const pad = Buffer.alloc(size - head.length - tail.length, 0x41);
  return Buffer.concat([head, pad, tail]);
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body with the parts in the given order. */
export function multipartBody(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----token-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POSTs a multipart form as a logged-in customer. `streamed` sends the body without a
 * Content-Length (chunked), so only the streaming checks can stop it.
 */
export async function postMultipart(
  app: App,
  opts: { url: string; token?: string; parts: FormPart[]; locale?: string; streamed?: boolean; ip?: string },
) {
  const { body, contentType } = multipartBody(opts.parts);
  const res = await app.inject({
    method: 'POST',
    url: opts.url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: {
      accept: 'application/json',
      'content-type': contentType,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.locale ? { 'accept-language': opts.locale } : {}),
    },
    payload: opts.streamed ? Readable.from([body]) : body,
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : {}, res };
}

/** Every file under the storage folder (relative paths, sorted): what a refused upload must not change. */
export function storedObjects(dataDir: string): string[] {
  const root = join(dataDir, 'storage');
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}
