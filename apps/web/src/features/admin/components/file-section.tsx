import type { ReactNode } from 'react';
import { useAdminLabels } from './labels.ts';

/** A titled panel of an operator's file view (order file, customer file). */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs; an empty value reads "not given". */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  const { t } = useAdminLabels();
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">
            {value === null || value === undefined || value === '' ? (
              <span className="text-slate-500">{t('values.notGiven')}</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** JSON the customer or a partner sent (answers, criteria, confirmed data), readable as is. */
export function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">{label}</summary>
      <pre className="mt-2 overflow-x-auto rounded-md bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-800">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
