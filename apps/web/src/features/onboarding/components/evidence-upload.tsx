import type { ProfessionalCriterion } from '@token/domain/documents';
import { type ErrorCode, errorMessage } from '@token/domain/errors';
import { Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import type { UploadProgress } from '../api/upload-file.ts';
import { useUploadProfessionalEvidence } from '../api/upload-professional-evidence.ts';
import { fileProblem } from './document-upload.tsx';
import { UploadProgressBar } from './upload-progress.tsx';

const fileCodes = new Set([
  'no_file_uploaded',
  'file_too_big',
  'file_type_not_allowed',
  'file_not_recognized',
  'document_limit_reached',
]);

/**
 * Uploads one evidence PDF for a stated criterion of an open professional request (spec 5 upload
 * rules: PDF only, 20 MB, checked before sending), with a progress bar and a cancel button.
 */
export function EvidenceUpload({
  requestId,
  criterion,
  label,
}: {
  requestId: number;
  criterion: ProfessionalCriterion;
  /** Names the criterion for screen readers ("Upload evidence: Financial portfolio …"). */
  label: string;
}) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<ErrorCode | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useUploadProfessionalEvidence();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? await fileProblem(chosen) : null);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = await fileProblem(file);
    setFileError(problem);
    if (problem || !file) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ loaded: 0, total: file.size });
    try {
      await upload.mutateAsync({
        upload: { requestId, criterion, file },
        onProgress: setProgress,
        signal: abort.signal,
      });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      notify('success', t('documents.uploaded', { name: file.name }));
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        notify('info', t('documents.cancelled'));
      } else if (err instanceof ApiError && fileCodes.has(err.code)) {
        setFileError(err.code as ErrorCode);
      } else {
        notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('professional.uploadFor', { criterion: label })}
      className="space-y-3"
    >
      <Input
        ref={fileInput}
        label={t('professional.evidenceFile')}
        hint={t('hints.file')}
        error={fileError ? errorMessage(fileError, locale) : undefined}
        required
        type="file"
        accept="application/pdf,.pdf"
        disabled={uploading}
        onChange={onFile}
        className="min-w-0"
      />
      <div className="flex min-h-10 flex-col gap-3 sm:flex-row sm:items-center">
        {uploading ? (
          <UploadProgressBar
            fileName={file?.name ?? ''}
            progress={progress}
            percent={percent}
            onCancel={() => controller.current?.abort()}
          />
        ) : (
          <Button type="submit" variant="secondary">
            <Upload className="size-4" aria-hidden="true" />
            {t('documents.upload')}
          </Button>
        )}
      </div>
    </form>
  );
}
