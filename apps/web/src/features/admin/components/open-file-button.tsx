import type { ReviewedFile } from '@token/domain/compliance';
import { ExternalLink, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { createFileLink } from '../api/create-file-link.ts';
import { useAdminLabels } from './labels.ts';

const formatSize = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'unit',
    unit: bytes >= 1_000_000 ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes >= 1_000_000 ? bytes / 1_000_000 : Math.max(0.1, bytes / 1000));

/**
 * Opens a customer's file in a new tab. The tab is opened at once, inside the click (so no pop-up
 * blocker stops it), and is sent to a short-lived link of the file once the API has issued it: a
 * new tab carries no bearer token, the link stands in for it.
 */
export function OpenFileButton({ file }: { file: ReviewedFile }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const [isOpening, setOpening] = useState(false);
  const open = async () => {
    const tab = window.open('', '_blank');
    if (!tab) {
      notify('error', t('file.documents.popupBlocked'));
      return;
    }
    // the document must not reach back into the admin area
    tab.opener = null;
    setOpening(true);
    try {
      const link = await createFileLink(file.uuid);
      tab.location.replace(link.url);
    } catch (err) {
      tab.close();
      notify('error', errorMessageOf(err, locale), errorDetailOf(err));
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-3">
      <FileText className="size-5 shrink-0 text-brand-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{file.name}</p>
        <p className="text-xs text-slate-600">{formatSize(file.size, locale)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={open}
        disabled={isOpening}
        aria-label={t('file.documents.openLabel', { name: file.name })}
      >
        <ExternalLink className="size-4" aria-hidden="true" />
        {t('file.documents.open')}
      </Button>
    </div>
  );
}
