import type { NotificationSettings } from '@token/domain/marketplace';
import { useEffect, useState } from 'react';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorDetailOf, errorMessageOf } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './api/notification-settings.ts';

const settingKeys = ['auctionEnd', 'newFollower', 'bid', 'drop', 'sale'] as const;

function Switch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-brand-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          checked ? 'bg-brand-600' : 'bg-slate-300'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-6' : 'translate-x-1'
          }`}
        />
      </button>
    </div>
  );
}

/** /notifications-settings (spec 2/3): auction end, new follower, bid, drop, sale; saved per customer. */
export function NotificationsSettingsPage() {
  const { t } = useTranslation('collections');
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [values, setValues] = useState<NotificationSettings | null>(null);
  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!values) return;
    try {
      await save.mutateAsync(values);
      notify('success', t('notifications.saved'));
    } catch (err) {
      notify('error', errorMessageOf(err), errorDetailOf(err));
    }
  };

  return (
    <AccountPageShell title={t('notifications.title')} intro={t('notifications.intro')} backLabel={t('back')}>
      <form onSubmit={onSubmit} className="space-y-6" aria-label={t('notifications.title')}>
        <section className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6">
          {values
            ? settingKeys.map((key) => (
                <Switch
                  key={key}
                  id={`notification-${key}`}
                  label={t(`notifications.${key}`)}
                  hint={t(`notifications.${key}Hint`)}
                  checked={values[key]}
                  onChange={(v) => setValues({ ...values, [key]: v })}
                />
              ))
            : settingKeys.map((key) => (
                <div key={key} className="flex items-center justify-between py-4" aria-hidden="true">
                  <Skeleton className="h-5 w-48" />
                  <Skeleton className="h-7 w-12 rounded-full" />
                </div>
              ))}
        </section>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!values || save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </form>
    </AccountPageShell>
  );
}
