import { errorMessage } from '@token/domain/errors';
import { loginPathFor } from '@token/domain/navigation';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { NotFound } from '../../../components/not-found.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { useCustomerRecord, useSession } from '../../../lib/session.tsx';
import { useOperator } from '../api/get-operator.ts';
import '../admin-texts.ts';

function Pending() {
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 sm:px-6" aria-busy="true">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The operator could not be checked (no connection, a server failure): say so and offer a retry. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-slate-800">{errorMessageOf(error, locale)}</p>
      <Button variant="outline" className="mt-4" onClick={retry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** An admin who has not turned two-factor on: told so, with the way to turn it on. */
function TwoFactorRequired() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <DocumentTitle title={t('gate.twoFactorTitle')} />
      <ShieldAlert className="mx-auto size-12 text-amber-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold text-brand-900 sm:text-3xl">{t('gate.twoFactorTitle')}</h1>
      <p className="mt-3 text-slate-700">{errorMessage('operator_two_factor_required', locale)}</p>
      <Link to="/account/two-factor" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {t('gate.twoFactorSetUp')}
      </Link>
    </div>
  );
}

/**
 * The admin area's door: a visitor goes to the login (and comes back), a customer without the role
 * `admin` sees the page-not-found screen (the area does not tell others it exists), an admin without
 * two-factor is told to turn it on. The API (GET admin/me) has the last word on all three.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const record = useCustomerRecord();
  const roles = record.data?.customerRolesAsString;
  const isAdmin = roles?.includes('admin') ?? false;
  const operator = useOperator(isLoggedIn && isAdmin && record.data?.twoFactorEnabled === true);

  if (!isLoggedIn) return <Navigate replace to={loginPathFor(location.pathname + location.search)} />;
  if (record.isPending) return <Pending />;
  if (!record.data || !isAdmin) return <NotFound />;
  if (!record.data.twoFactorEnabled) return <TwoFactorRequired />;
  if (operator.error instanceof ApiError && operator.error.status === 403) {
    return operator.error.code === 'operator_two_factor_required' ? <TwoFactorRequired /> : <NotFound />;
  }
  if (operator.isError) return <LoadFailed error={operator.error} retry={() => operator.refetch()} />;
  if (!operator.data) return <Pending />;
  return children;
}
