import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../catalog/legal-documents.service.ts';
import type { OpenedFile } from './files.service.ts';

/**
 * Sends an opened customer file as a download (owner route here, operator route in the admin area):
 * always an attachment under its cleaned name, never sniffed or rendered by the browser, never
 * kept by a shared or private cache (personal documents).
 */
export function sendStoredFile(reply: FastifyReply, opened: OpenedFile) {
  const baseName = opened.file.name.replace(/\.pdf$/i, '');
  return reply
    .type(opened.file.mediaType)
    .header('content-disposition', attachmentDisposition(baseName, 'pdf'))
    .header('content-length', String(opened.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(opened.stream);
}
