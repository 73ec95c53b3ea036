import { X } from 'lucide-react';
import { useLocale, useTranslation } from '../lib/i18n.ts';
import { formatBytes, type UploadProgress } from '../lib/upload.ts';
import { Button } from './ui/button.tsx';

/** A running upload: the bar, what has gone of how much, and the button that cancels it. */
export function UploadProgressBar(props: {
  fileName: string;
  progress: UploadProgress;
  percent: number;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="min-w-0 flex-1">
        {/* the native bar drawn in the app's colours: a slate track, the accent filling it */}
        <progress
          className="block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-slate-200 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-accent-600 [&::-webkit-progress-bar]:rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent-600 [&::-webkit-progress-value]:transition-[width] [&::-webkit-progress-value]:duration-200"
          max={100}
          value={props.percent}
          aria-label={t('upload.progress', { name: props.fileName })}
        />
        <p className="mt-1 text-xs text-slate-600" aria-live="polite">
          {t('upload.progressText', {
            percent: props.percent,
            loaded: formatBytes(props.progress.loaded, locale),
            total: formatBytes(props.progress.total, locale),
          })}
        </p>
      </div>
      <Button variant="outline" onClick={props.onCancel}>
        <X className="size-4" aria-hidden="true" />
        {t('upload.cancel')}
      </Button>
    </>
  );
}
