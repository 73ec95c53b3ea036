import { CheckCircle2, ChevronDown, Info, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { type AppNotification, dismissNotification, useNotifications } from '../../lib/notifications.ts';

const styles: Record<AppNotification['type'], { box: string; icon: typeof Info }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CheckCircle2 },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: TriangleAlert },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: Info },
};

function NotificationItem({ n }: { n: AppNotification }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { box, icon: Icon } = styles[n.type];
  const detailId = `notification-detail-${n.id}`;
  return (
    <div
      role={n.type === 'error' ? 'alert' : 'status'}
      data-type={n.type}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 shadow-md ${box}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{n.message}</p>
        {n.detail && (
          <>
            <button
              type="button"
              className="mt-1 inline-flex items-center gap-1 text-xs underline underline-offset-2"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t('notifications.hideDetail') : t('notifications.showDetail')}
              <ChevronDown
                className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`}
                aria-hidden="true"
              />
            </button>
            {open && (
              <pre
                id={detailId}
                className="mt-2 overflow-x-auto whitespace-pre-wrap break-all text-xs opacity-90"
              >
                {n.detail}
              </pre>
            )}
          </>
        )}
      </div>
      <button
        type="button"
        onClick={() => dismissNotification(n.id)}
        className="-m-1 rounded p-1 hover:bg-black/5"
        aria-label={t('notifications.close')}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** spec 2: messages by type (success, error, info) with expandable error detail, under the header. */
export function NotificationBar() {
  const items = useNotifications();
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section
      aria-label={t('notifications.region')}
      className="pointer-events-none sticky top-16 z-20 mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6"
    >
      <div className="flex flex-col gap-2">
        {items.map((n) => (
          <NotificationItem key={n.id} n={n} />
        ))}
      </div>
    </section>
  );
}
