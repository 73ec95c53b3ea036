import { errorMessage, isErrorCode } from '@token/domain/errors';
import { type ContentMediaFileView, maxProductMediaFiles } from '@token/domain/marketplace';
import { ArrowDown, ArrowUp, CheckCircle2, FileAudio, FileVideo, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { RequiredMark } from '../../components/ui/form-field.tsx';
import { UploadProgressBar } from '../../components/upload-progress.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { contentFileCodes, contentFileProblem, uploadContentFile } from '../../lib/content-upload.ts';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
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
 * The item's files (spec 3 `mediaFiles`, 5/9), at most `maxProductMediaFiles`: each is checked in the
 * browser first (type, 30,000,000 bytes), then sent as the spec's client does (SHA-256, presign, PUT
 * with a progress bar), one after another when several are chosen at once. The list shows each ready
 * file with its preview; the first is the cover; files move up or down and are removed by buttons
 * (keyboard operable) before the item is saved. A refusal is said in the API's words.
 */
export function ContentUploadField(props: {
  value: ContentMediaFileView[];
  onChange: (files: ContentMediaFileView[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('creator');
  const locale = useLocale();
  const id = useId();
  const upload = useUpload();
  const [fileName, setFileName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // The list as it grows during a run of uploads (props arrive a render later).
  const latest = useRef(props.value);
  latest.current = props.value;
  const listRef = useRef<HTMLOListElement | null>(null);

  const uploadOne = async (file: File): Promise<boolean> => {
    const problem = contentFileProblem(file);
    if (problem) {
      setRefusal(`${file.name}: ${errorMessage(problem, locale)}`);
      return false;
    }
    setFileName(file.name);
    try {
      const ready = await upload.run(file, (opts) => uploadContentFile(file, opts));
      if (ready.state === 'rejected') {
        const code = ready.rejectionCode ?? 'file_not_recognized';
        const message = isErrorCode(code)
          ? errorMessage(code, locale)
          : errorMessage('file_not_recognized', locale);
        setRefusal(`${file.name}: ${message}`);
        return false;
      }
      const next = [...latest.current.filter((f) => f.id !== ready.id), ready];
      latest.current = next;
      props.onChange(next);
      return true;
    } catch (err) {
      if (isUploadCancelled(err)) return false;
      if (err instanceof ApiError && contentFileCodes.has(err.code)) {
        setRefusal(`${file.name}: ${errorMessageOf(err, locale)}`);
      } else notify('error', errorMessageOf(err, locale), errorDetailOf(err));
      return false;
    }
  };

  const choose = async (files: File[]) => {
    setRefusal(null);
    const room = maxProductMediaFiles - latest.current.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!(await uploadOne(file))) break;
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...props.value];
    const [file] = next.splice(index, 1);
    if (!file) return;
    next.splice(index + by, 0, file);
    props.onChange(next);
    // The moved file's same button keeps the focus where it went (or its other button at an end).
    requestAnimationFrame(() => {
      const row = listRef.current?.children[index + by];
      const buttons = row?.querySelectorAll<HTMLButtonElement>('button[data-move]');
      const same = Array.from(buttons ?? []).find((b) => b.dataset.move === String(by) && !b.disabled);
      (same ?? Array.from(buttons ?? []).find((b) => !b.disabled))?.focus();
    });
  };
  const remove = (index: number) => {
    props.onChange(props.value.filter((_, i) => i !== index));
    requestAnimationFrame(() => document.getElementById(`${id}-add`)?.focus());
  };

  const error = refusal ?? props.error;
  const full = props.value.length >= maxProductMediaFiles;
  return (
    <div>
      <div className="text-sm font-medium text-slate-800">
        <label htmlFor={id}>{t('form.file')}</label>
        <RequiredMark />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t('form.fileHint')} {t('form.filesHint', { count: maxProductMediaFiles })}
      </p>
      {props.value.length > 0 && (
        <ol ref={listRef} className="mt-3 space-y-2" aria-label={t('form.filesList')}>
          {props.value.map((file, i) => (
            <li
              key={file.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center"
            >
              <MediaPreview file={file} className="size-16 shrink-0 rounded-md object-cover" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">
                  {file.fileName}
                  {i === 0 && (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      {t('form.fileCover')}
                    </span>
                  )}
                </p>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-emerald-800">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {t('form.fileReady')}
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  data-move="-1"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t('form.fileMoveUp', { name: file.fileName })}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  data-move="1"
                  disabled={i === props.value.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('form.fileMoveDown', { name: file.fileName })}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(i)}
                  aria-label={t('form.fileRemove', { name: file.fileName })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
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
      ) : full ? (
        <p className="mt-3 text-sm text-slate-600">{t('form.filesFull', { count: maxProductMediaFiles })}</p>
      ) : (
        <label
          id={`${id}-add`}
          htmlFor={id}
          className="mt-3 flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-sm font-medium text-brand-800 hover:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200"
        >
          <Upload className="size-5" aria-hidden="true" />
          {props.value.length > 0 ? t('form.fileAdd') : t('form.fileChoose')}
          <input
            id={id}
            type="file"
            multiple
            className="sr-only"
            accept=".png,.gif,.webp,.jpg,.jpeg,.mp3,.mpeg,.mp4,.mov"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              void choose(Array.from(e.target.files ?? []));
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
