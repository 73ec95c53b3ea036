import { apiRequest } from '../../../lib/api-client.ts';
import { customerPath } from './privacy-keys.ts';

/** GET customers/{uuid}/data-exports/{id}/link: a signed download link valid a few minutes. */
export function getDataExportLink(uuid: string, id: string): Promise<{ url: string; expiresAt: string }> {
  return apiRequest<{ url: string; expiresAt: string }>(
    `${customerPath(uuid)}/data-exports/${encodeURIComponent(id)}/link`,
    { auth: true },
  );
}
