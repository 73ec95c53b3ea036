import type { ProfessionalCriterion } from '@token/domain/documents';
import { type ErrorCode, errorMessage } from '@token/domain/errors';
import { Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { UploadProgressBar } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { isUploadCancelled, pdfFileCodes, pdfProblem, useUpload } from '../../../lib/upload.ts';
import { useUploadProfessionalEvidence } from '../api/upload-professional-evidence.ts';

// the request's evidence count is a refusal of the file too
const evidenceFileCodes: ReadonlySet<string> = new Set([...pdfFileCodes, 'document_limit_reached']);

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
  const { progress, percent, run, cancel } = useUpload();
  const upload = useUploadProfessionalEvidence();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? await pdfProblem(chosen) : null);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = await pdfProblem(file);
    setFileError(problem);
    if (problem || !file) return;
    try {
      await run(file, (opts) => upload.mutateAsync({ upload: { requestId, criterion, file }, ...opts }));
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      notify('success', t('documents.uploaded', { name: file.name }));
    } catch (err) {
      if (isUploadCancelled(err)) {
        notify('info', t('documents.cancelled'));
      } else if (err instanceof ApiError && evidenceFileCodes.has(err.code)) {
        setFileError(err.code as ErrorCode);
      } else {
        notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      }
    }
  };

  const uploading = progress !== null;
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
            onCancel={cancel}
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
