import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { AuthCard } from './page-shell.tsx';

/** While a mailed link is being redeemed. */
export function LinkPending({ title }: { title: string }) {
  const { t } = useTranslation('accounts');
  return (
    <AuthCard title={title} icon={<LoaderCircle className="size-10 animate-spin" aria-hidden="true" />}>
      <p role="status" className="text-slate-700">
        {t('common.checkingLink')}
      </p>
    </AuthCard>
  );
}

/** A mailed link that did not work: the reason and what to do next. */
export function LinkProblem({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} icon={<CircleAlert className="size-10 text-amber-600" aria-hidden="true" />}>
      <p role="alert" className="text-slate-800">
        {message}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">{children}</div>
    </AuthCard>
  );
}
