import { errorMessage, isErrorCode } from '@token/domain/errors';
import type { ContentMediaFileView } from '@token/domain/marketplace';
import { CheckCircle2, FileAudio, FileVideo, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from '../../components/ui/form-field.tsx';
import { UploadProgressBar } from '../../components/upload-progress.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { contentFileCodes, contentFileProblem, uploadContentFile } from '../../lib/content-upload.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { isUploadCancelled, useUpload } from '../../lib/upload.ts';

/** The preview of a ready file: its md (or sm) rendition for an image, an icon for audio and video. */
export function MediaPreview({ file, className }: { file: ContentMediaFileView; className?: string }) {
  const src = file.renditions.md?.path ?? file.renditions.sm?.path ?? file.path;
  if (file.mediaType === 'image' && src) {
    return <img src={src} alt="" className={className ?? 'size-24 rounded-lg object-cover'} />;
  }
  const Icon = file.mediaType === 'audio' ? FileAudio : FileVideo;
  return (
    <div className={`${className ?? 'size-24'} flex items-center justify-center rounded-lg bg-brand-50`}>
      <Icon className="size-8 text-brand-700" aria-hidden="true" />
    </div>
  );
}

/**
 * The item's file (spec 5/9): checked in the browser first (type, 30,000,000 bytes), then sent as the
 * spec's client does (SHA-256, presign, PUT with a progress bar); shows the file's state: ready with
 * its preview, or the refusal in the API's words.
 */
export function ContentUploadField(props: {
  value: ContentMediaFileView | null;
  onChange: (file: ContentMediaFileView | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('creator');
  const locale = useLocale();
  const id = useId();
  const upload = useUpload();
  const [fileName, setFileName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setRefusal(null);
    if (!file) return;
    const problem = contentFileProblem(file);
    if (problem) {
      setRefusal(errorMessage(problem, locale));
      return;
    }
    setFileName(file.name);
    try {
      const ready = await upload.run(file, (opts) => uploadContentFile(file, opts));
      if (ready.state === 'rejected') {
        const code = ready.rejectionCode ?? 'file_not_recognized';
        setRefusal(
          isErrorCode(code) ? errorMessage(code, locale) : errorMessage('file_not_recognized', locale),
        );
        return;
      }
      props.onChange(ready);
    } catch (err) {
      if (isUploadCancelled(err)) return;
      if (err instanceof ApiError && contentFileCodes.has(err.code)) setRefusal(errorMessageOf(err, locale));
      else notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    }
  };

  const error = refusal ?? props.error;
  return (
    <div>
      <div className="text-sm font-medium text-slate-800">
        <label htmlFor={id}>{t('form.file')}</label>
        <RequiredMark />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t('form.fileHint')}
      </p>
      {props.value && props.value.state === 'ready' && !upload.progress && (
        <div className="mt-3 flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
          <MediaPreview file={props.value} />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{props.value.fileName}</p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-emerald-800">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              {t('form.fileReady')}
            </p>
          </div>
        </div>
      )}
      {upload.progress ? (
        <div className="mt-3 flex items-center gap-3">
          <UploadProgressBar
            fileName={fileName}
            progress={upload.progress}
            percent={upload.percent}
            onCancel={upload.cancel}
          />
        </div>
      ) : (
        <label
          htmlFor={id}
          className="mt-3 flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-sm font-medium text-brand-800 hover:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200"
        >
          <Upload className="size-5" aria-hidden="true" />
          {props.value ? t('form.fileReplace') : t('form.fileChoose')}
          <input
            id={id}
            type="file"
            className="sr-only"
            accept=".png,.gif,.webp,.jpg,.jpeg,.mp3,.mpeg,.mp4,.mov"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
