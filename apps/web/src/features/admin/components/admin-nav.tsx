import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const sections = [
  { to: '/admin', key: 'queue', end: true },
  { to: '/admin/orders', key: 'orders', end: false },
  { to: '/admin/payments', key: 'payments', end: false },
] as const;

/** The admin area's sections: review queue, orders, payments / reconciliation. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('nav.label')} className="mt-4 -mx-1 overflow-x-auto">
      <ul className="flex gap-1 border-b border-slate-200">
        {sections.map((s) => (
          <li key={s.key}>
            <NavLink
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `inline-block border-b-2 px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap ${
                  isActive
                    ? 'border-brand-700 text-brand-900'
                    : 'border-transparent text-slate-600 hover:text-brand-900'
                }`
              }
            >
              {t(`nav.${s.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
