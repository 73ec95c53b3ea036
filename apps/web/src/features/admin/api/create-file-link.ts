import type { FileLink } from '@token/domain/compliance';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminApi } from './admin-keys.ts';

/**
 * POST admin/files/{uuid}/link: a short-lived address of the file for a new browser tab, which
 * sends no bearer token (the address opens this file only, for this session, for two minutes).
 */
export function createFileLink(uuid: string): Promise<FileLink> {
  return apiRequest<FileLink>(`${adminApi}/files/${encodeURIComponent(uuid)}/link`, {
    method: 'POST',
    auth: true,
  });
}
