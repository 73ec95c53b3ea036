import { platformToday } from '@token/domain/calendar';
import { type ErrorCode, errorMessage } from '@token/domain/errors';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { UploadProgressBar } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useDomainForm } from '../../../lib/form.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { isUploadCancelled, pdfFileCodes, pdfProblem, useUpload } from '../../../lib/upload.ts';
import { useUploadCustomerDocument } from '../api/upload-customer-document.ts';
import { documentDateSchema } from '../schemas.ts';
import type { DocumentPurpose, DocumentType } from '../types.ts';

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
  const { progress, percent, run, cancel } = useUpload();
  const upload = useUploadCustomerDocument();
  // the document's date is judged against today (Berlin), as the upload will be
  const dateSchema = useMemo(() => z.object({ issuedAt: documentDateSchema() }), []);
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(dateSchema, { issuedAt: '' });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? await pdfProblem(chosen) : null);
  };

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = handleSubmit(
    async ({ issuedAt }) => {
      const problem = await pdfProblem(file);
      setFileError(problem);
      if (problem || !file) return;
      try {
        await run(file, (opts) => upload.mutateAsync({ upload: { file, type, purpose, issuedAt }, ...opts }));
        reset({ issuedAt: '' });
        clearFile();
        notify('success', t('documents.uploaded', { name: file.name }));
      } catch (err) {
        if (isUploadCancelled(err)) {
          notify('info', t('documents.cancelled'));
          return;
        }
        if (err instanceof ApiError && pdfFileCodes.has(err.code)) {
          setFileError(err.code as ErrorCode);
          return;
        }
        const dateViolation =
          err instanceof ApiError ? err.violations.find((v) => v.propertyPath === 'issuedAt') : undefined;
        if (dateViolation) setError('issuedAt', { type: dateViolation.code, message: dateViolation.message });
        else notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      }
    },
    async () => setFileError(await pdfProblem(file)),
  );

  const uploading = progress !== null;
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
            onCancel={cancel}
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
