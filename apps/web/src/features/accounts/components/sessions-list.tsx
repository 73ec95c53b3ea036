import type { SessionView } from '@token/domain/accounts';
import { formatDateTime } from '@token/domain/format';
import { Laptop, LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocale, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';
import { useDeleteSession } from '../api/delete-session.ts';
import { useSessions } from '../api/get-sessions.ts';

function SessionRow({ session }: { session: SessionView }) {
  const { t } = useTranslation(['account', 'accounts']);
  const locale = useLocale();
  const confirm = useConfirm();
  const remove = useDeleteSession();
  const signOut = async () => {
    const ok = await confirm({
      title: t('sessions.confirmTitle'),
      message: t('sessions.confirmText', { device: session.device }),
      confirmLabel: t('sessions.signOut'),
      cancelLabel: t('common.cancel'),
      destructive: true,
    });
    if (!ok) return;
    await remove.mutateAsync(session.id).then(
      () => notify('success', t('notify.sessionEnded')),
      () => {}, // the mutation cache reports the failure
    );
  };
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {session.device}
            {session.current && (
              <span className="ml-2 inline-block rounded-full bg-accent-100 px-2 py-0.5 align-middle text-xs font-semibold text-accent-700">
                {t('sessions.thisDevice')}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {t('sessions.lastUsed', { when: formatDateTime(session.lastUsedAt, { locale }) })}
            {session.ip && (
              <span className="[overflow-wrap:anywhere]"> · {t('sessions.ip', { ip: session.ip })}</span>
            )}
          </p>
          <p className="text-xs text-slate-500">
            {t('sessions.since', { when: formatDateTime(session.createdAt, { locale }) })}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={remove.isPending}
          onClick={signOut}
          aria-label={t('sessions.signOutDevice', { device: session.device })}
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** The active sessions (decision 006): device, IP, last use; other devices can be signed out. */
export function SessionsList() {
  const { t } = useTranslation(['account', 'accounts']);
  const sessions = useSessions();
  if (sessions.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-5" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-64" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (sessions.isError) return <p className="text-sm text-slate-600">{t('sessions.failed')}</p>;
  // this device first, then by last use
  const list = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  return (
    <ul className="-my-4 divide-y divide-slate-200" data-testid="sessions">
      {list.map((s) => (
        <SessionRow key={s.id} session={s} />
      ))}
    </ul>
  );
}
