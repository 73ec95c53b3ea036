import { useErrorMessage } from '../lib/error-text.tsx';
import { useLocale, useTranslation } from '../lib/i18n.ts';
import { Button } from './ui/button.tsx';

/** A read that failed: the catalogue's sentence in the reader's language and a retry button. */
export function LoadFailed({
  error,
  onRetry,
  boxed = false,
}: {
  error: unknown;
  onRetry: () => void;
  boxed?: boolean;
}) {
  const { t } = useTranslation();
  const message = useErrorMessage(error, useLocale());
  // the alert appears with its sentence (the catalogue's chunk arrives within milliseconds), so a
  // screen reader announces the whole of it
  if (message === undefined) return null;
  return (
    <div
      className={
        boxed ? 'rounded-xl border border-red-200 bg-red-50 p-6 text-red-900' : 'text-sm text-red-800'
      }
      role="alert"
    >
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
