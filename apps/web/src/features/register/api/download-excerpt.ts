import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '../../../lib/download.ts';
import { shop } from './paths.ts';

/** An excerpt's file name from its number (`RA-2026-000042.pdf`). */
export const excerptFileName = (number: string) => `${number.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;

/** GET register-excerpts/{id}/pdf: the excerpt as PDF in its language, fetched with the session's token. */
export function downloadExcerpt(excerpt: { id: number; number: string }): Promise<void> {
  return downloadWithToken(
    `${shop}/register-excerpts/${excerpt.id}/pdf`,
    excerptFileName(excerpt.number),
    'application/pdf',
  );
}

export function useDownloadExcerpt() {
  return useMutation({ mutationFn: downloadExcerpt, meta: { silentErrors: true } });
}
