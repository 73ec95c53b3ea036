import type { CustomerErasure } from '@token/domain/compliance';
import { formatDate } from '@token/domain/format';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/i18n.ts';
import { useAdminLabels } from './labels.ts';

/**
 * What the customer file says first about an erasure request (GDPR Art. 17, decision 024): an erased
 * customer's record is a locked stub (what the law keeps, each category until when); an open request
 * leads to the erasure requests, where it is decided; a refused or withdrawn one is a line of history.
 */
export function ErasureNotice({ erasure }: { erasure: CustomerErasure | null }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  if (!erasure) return null;
  const date = (iso: string) => formatDate(iso, { locale });
  const decidedAt = erasure.decidedAt ?? erasure.requestedAt;

  if (erasure.state === 'confirmed') {
    return (
      <section
        aria-labelledby="erasure-notice"
        className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-950 sm:p-6"
      >
        <h2 id="erasure-notice" className="text-base font-semibold">
          {t('file.erasure.erased', { date: date(decidedAt) })}
        </h2>
        <p className="mt-2">{t('file.erasure.erasedText')}</p>
        {erasure.retained.length > 0 && (
          <>
            <p className="mt-3 font-medium">{t('erasure.retained')}</p>
            <ul className="mt-1 space-y-1">
              {erasure.retained.map((r) => (
                <li key={r.category}>
                  {t(`erasure.categories.${r.category}`)} · {r.legalBasis} ·{' '}
                  {r.purgedAt
                    ? t('file.erasure.purged', { date: date(r.purgedAt) })
                    : r.retainUntil
                      ? t('erasure.until', { date: date(r.retainUntil) })
                      : t('erasure.withRegister')}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    );
  }
  if (erasure.state === 'requested') {
    return (
      <section
        aria-labelledby="erasure-notice"
        className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950 sm:p-6"
      >
        <h2 id="erasure-notice" className="text-base font-semibold">
          {t('file.erasure.open', { date: date(erasure.requestedAt) })}
        </h2>
        <p className="mt-2">{t('file.erasure.openText')}</p>
        <Link to="/admin/erasure-requests" className="mt-2 inline-block font-medium underline">
          {t('file.erasure.toRequests')}
        </Link>
      </section>
    );
  }
  const params = { requested: date(erasure.requestedAt), date: date(decidedAt) };
  return (
    <p className="rounded-xl border border-slate-200 bg-white px-5 py-3 text-sm text-slate-700">
      {erasure.state === 'refused' ? t('file.erasure.refused', params) : t('file.erasure.withdrawn', params)}
    </p>
  );
}
