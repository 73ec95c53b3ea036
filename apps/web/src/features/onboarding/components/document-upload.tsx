import { platformToday } from '@token/domain/calendar';
import { maxDocumentBytes, maxDocumentsPerPurpose } from '@token/domain/documents';
import { type ErrorCode, errorMessage } from '@token/domain/errors';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useDomainForm } from '../../../lib/form.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { type UploadProgress, useUploadCustomerDocument } from '../api/upload-customer-document.ts';
import { documentDateSchema } from '../schemas.ts';
import type { DocumentPurpose, DocumentType } from '../types.ts';
import { UploadProgressBar } from './upload-progress.tsx';

export { maxDocumentBytes, maxDocumentsPerPurpose };

/** The first `n` bytes of a file as Latin-1 text (FileReader: every browser, and the tests' DOM). */
function readHead(file: File, n: number): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result as ArrayBuffer);
      resolve(String.fromCharCode(...bytes));
    };
    reader.onerror = () => resolve('');
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}

/**
 * What is wrong with a chosen file before anything is sent (spec 5 messages): no file, not a PDF by
 * its type or name, bigger than 20 MB, or bytes that do not start like a PDF (`%PDF-`). The server
 * judges the bytes again; this spares the customer an upload that would be refused.
 */
export async function fileProblem(file: File | null | undefined): Promise<ErrorCode | null> {
  if (!file) return 'no_file_uploaded';
  const byName = /\.pdf$/i.test(file.name);
  const byType = file.type === 'application/pdf';
  if (!(byType || (file.type === '' && byName))) return 'file_type_not_allowed';
  if (file.size > maxDocumentBytes) return 'file_too_big';
  if ((await readHead(file, 5)) !== '%PDF-') return 'file_not_recognized';
  return null;
}

const fileCodes = new Set([
  'no_file_uploaded',
  'file_too_big',
  'file_type_not_allowed',
  'file_not_recognized',
]);

/**
 * Uploads one document for a purpose: the document's date and the PDF, checked before sending; then
 * a progress bar of the bytes sent with a cancel button (XMLHttpRequest upload progress + abort).
 */
export function DocumentUpload({
  purpose,
  type,
  label,
}: {
  purpose: DocumentPurpose;
  type: DocumentType;
  /** Names the purpose for screen readers ("Upload: List of shareholders"). */
  label: string;
}) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<ErrorCode | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useUploadCustomerDocument();
  // the document's date is judged against today (Berlin), as the upload will be
  const dateSchema = useMemo(() => z.object({ issuedAt: documentDateSchema() }), []);
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(dateSchema, { issuedAt: '' });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? await fileProblem(chosen) : null);
  };

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = handleSubmit(
    async ({ issuedAt }) => {
      const problem = await fileProblem(file);
      setFileError(problem);
      if (problem || !file) return;
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ loaded: 0, total: file.size });
      try {
        await upload.mutateAsync({
          upload: { file, type, purpose, issuedAt },
          onProgress: setProgress,
          signal: abort.signal,
        });
        reset({ issuedAt: '' });
        clearFile();
        notify('success', t('documents.uploaded', { name: file.name }));
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') {
          notify('info', t('documents.cancelled'));
          return;
        }
        if (err instanceof ApiError && fileCodes.has(err.code)) {
          setFileError(err.code as ErrorCode);
          return;
        }
        const dateViolation =
          err instanceof ApiError ? err.violations.find((v) => v.propertyPath === 'issuedAt') : undefined;
        if (dateViolation) setError('issuedAt', { type: dateViolation.code, message: dateViolation.message });
        else notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
    async () => setFileError(await fileProblem(file)),
  );

  const uploading = progress !== null;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('documents.uploadFor', { purpose: label })}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Input
          label={t('fields.issuedAt')}
          hint={t('hints.issuedAt')}
          error={formState.errors.issuedAt?.message}
          required
          type="date"
          max={platformToday()}
          disabled={uploading}
          {...register('issuedAt')}
        />
        <Input
          ref={fileInput}
          id={fileId}
          label={t('fields.file')}
          hint={t('hints.file')}
          error={fileError ? errorMessage(fileError, locale) : undefined}
          required
          type="file"
          accept="application/pdf,.pdf"
          disabled={uploading}
          onChange={onFile}
          className="min-w-0"
        />
      </div>
      {/* the row keeps its height while the progress bar stands in for the button (no layout shift) */}
      <div className="flex min-h-10 flex-col gap-3 sm:flex-row sm:items-center">
        {uploading ? (
          <UploadProgressBar
            fileName={file?.name ?? ''}
            progress={progress}
            percent={percent}
            onCancel={() => controller.current?.abort()}
          />
        ) : (
          <Button type="submit" variant="secondary" disabled={formState.isSubmitting}>
            <Upload className="size-4" aria-hidden="true" />
            {t('documents.upload')}
          </Button>
        )}
      </div>
    </form>
  );
}
