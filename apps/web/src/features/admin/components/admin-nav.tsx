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
      {/* Equal columns, the labels wrapping inside them: no sideways scrolling (WCAG 1.4.10, 320 px).
          Two columns below 384 px, where a third would be narrower than a long German word
          ("Empfehlungen", "Bestellungen"); three from there, four from `sm`; one row from `lg`, where
          the seven labels fit unbroken (in one row at `sm` they were wider than the page). A word
          longer than its column still breaks (hyphenated where the browser can), never the page. */}
      <ul className="grid grid-cols-2 gap-1 border-b border-slate-200 min-[24rem]:grid-cols-3 sm:grid-cols-4 lg:flex">
        {sections.map((s) => (
          <li key={s.key} className="flex min-w-0">
            <NavLink
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `flex w-full min-w-0 items-end justify-center border-b-2 px-1 py-2 text-center text-sm leading-tight font-medium hyphens-auto [overflow-wrap:anywhere] lg:px-3 lg:whitespace-nowrap ${
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
