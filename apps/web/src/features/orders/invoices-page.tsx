import { formatDate, formatEuro } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { loginPathFor } from '@token/domain/navigation';
import { Download } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { useSessionState } from '../../lib/session.tsx';
import { useDownloadInvoice } from './api/download-invoice.ts';
import { useInvoices } from './api/get-invoices.ts';

/** spec 2 /invoices?tokenValue=: the invoices of one order, each as a PDF download. */
export function InvoicesPage() {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('tokenValue');
  const session = useSessionState();
  const invoices = useInvoices(session && token ? token : null);
  const download = useDownloadInvoice();
  // an invoice is written in the order's language: say so when that is not the reader's (issue 15)
  const languageNote = (invoiceLocale: Locale) =>
    invoiceLocale === locale ? '' : ` ${t(`common:legalDocuments.inLanguage.${invoiceLocale}`)}`;

  let body: React.ReactNode;
  if (!session) {
    body = (
      <p className="text-slate-700">
        {t('invoices.login')}{' '}
        <Link
          to={loginPathFor(location.pathname + location.search)}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t('invoices.loginLink')}
        </Link>
      </p>
    );
  } else if (!token) {
    body = <p className="text-slate-700">{t('invoices.noOrder')}</p>;
  } else if (invoices.isError) {
    body = (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
        {errorMessageOf(invoices.error, locale)}
      </p>
    );
  } else if (!invoices.data) {
    body = (
      <div aria-busy="true" className="space-y-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (invoices.data.length === 0) {
    body = <p className="text-slate-700">{t('invoices.empty')}</p>;
  } else {
    body = (
      <ul className="space-y-3">
        {invoices.data.map((inv) => (
          <li
            key={inv.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div>
              <p className="font-medium text-slate-900">{t('invoices.number', { number: inv.number })}</p>
              <p className="text-sm text-slate-600">
                {formatDate(inv.issuedAt, { locale })} ·{' '}
                {formatEuro(inv.total, { locale, fraction: 'always' })}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={download.isPending}
              onClick={() => download.mutate(inv)}
              aria-label={`${t('invoices.downloadNamed', { number: inv.number })}${languageNote(inv.localeCode)}`}
            >
              <Download className="size-4" aria-hidden="true" />
              {t('invoices.download')}
              {languageNote(inv.localeCode)}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AccountPageShell title={t('invoices.title')} backLabel={t('details.back')} backTo="/account/orders">
      {body}
      {token && session && (
        <Link
          to={`/order-details/${encodeURIComponent(token)}`}
          className={buttonClasses({ variant: 'ghost', className: 'mt-6' })}
        >
          {t('end.toDetails')}
        </Link>
      )}
    </AccountPageShell>
  );
}
