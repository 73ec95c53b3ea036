import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';

const sections = [
  { to: '/admin', key: 'queue', end: true },
  { to: '/admin/orders', key: 'orders', end: false },
  { to: '/admin/payments', key: 'payments', end: false },
  { to: '/admin/bonds', key: 'register', end: false },
  { to: '/admin/referrals', key: 'referrals', end: false },
  { to: '/admin/products', key: 'products', end: false },
  { to: '/admin/erasure-requests', key: 'erasure', end: false },
] as const;

/** The admin area's sections: review queue, orders, payments / reconciliation, token register, referrals, creators' products, erasure requests. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('nav.label')} className="mt-4">
      {/* Three equal columns on a phone (two rows for six or seven sections), the labels wrapping inside them: no sideways scrolling. */}
      <ul className="grid grid-cols-3 gap-1 border-b border-slate-200 sm:flex">
        {sections.map((s) => (
          <li key={s.key} className="flex">
            <NavLink
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `flex w-full items-end justify-center border-b-2 px-1 py-2 text-center text-sm leading-tight font-medium sm:px-3 sm:whitespace-nowrap ${
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
