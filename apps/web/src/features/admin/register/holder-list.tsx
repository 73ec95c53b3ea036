import { formatDate, formatNumber } from '@token/domain/format';
import type { RegisterHolderView } from '@token/domain/register';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/i18n.ts';
import { useAdminLabels } from '../components/labels.ts';

const customerPath = (uuid: string) => `/admin/customers/${encodeURIComponent(uuid)}`;

/** A holder as eWpRV § 8 identifies them: name, date of birth and residence, or company and seat. */
function Identity({ holder }: { holder: RegisterHolderView }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const id = holder.identity;
  const given = (value: string | null) => value ?? t('holders.notGiven');
  return id.type === 'natural' ? (
    <>
      <span className="block text-xs text-slate-600">{t('holders.natural')}</span>
      <span className="block [overflow-wrap:anywhere]">{id.name}</span>
      <span className="block text-xs">
        {t('holders.born', { date: id.birthDate ? formatDate(id.birthDate, { locale }) : given(null) })}
      </span>
      <span className="block text-xs [overflow-wrap:anywhere]">
        {t('holders.residence', { place: given(id.residence) })}
      </span>
    </>
  ) : (
    <>
      <span className="block text-xs text-slate-600">{t('holders.legal')}</span>
      <span className="block [overflow-wrap:anywhere]">{id.company}</span>
      <span className="block text-xs [overflow-wrap:anywhere]">
        {t('holders.seat', { place: given(id.seat) })}
      </span>
    </>
  );
}

/** The bond's holders with their identification, balance and pending transfers (a table, cards on phones). */
export function HolderList({ holders }: { holders: RegisterHolderView[] }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, { locale });
  const columns = ['holder', 'identity', 'balance', 'pendingOut', 'pendingIn'] as const;
  return (
    <section
      aria-labelledby="register-holders"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="register-holders" className="mb-3 text-sm font-medium text-slate-700">
        {t('holders.count', { count: holders.length })}
      </h2>
      {holders.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('holders.empty')}</p>
      ) : (
        <>
          <table className="hidden w-full border-collapse text-left text-sm md:table">
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                {columns.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className={`py-2 pr-4 font-medium ${c.startsWith('pending') || c === 'balance' ? 'text-right' : ''}`}
                  >
                    {t(`holders.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {holders.map((h) => (
                <tr key={h.customer.uuid} className="border-b border-slate-100 align-top last:border-0">
                  <td className="py-3 pr-4">
                    <Link
                      to={customerPath(h.customer.uuid)}
                      className="font-medium text-brand-700 hover:text-brand-900 [overflow-wrap:anywhere]"
                    >
                      {h.customer.name}
                    </Link>
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                      {h.customer.email}
                    </span>
                  </td>
                  <td className="py-3 pr-4">
                    <Identity holder={h} />
                  </td>
                  <td className="py-3 pr-4 text-right font-medium tabular-nums">{n(h.balance)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{n(h.pendingOut)}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{n(h.pendingIn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {holders.map((h) => (
              <li key={h.customer.uuid} className="rounded-lg border border-slate-200 p-3 text-sm">
                <Link
                  to={customerPath(h.customer.uuid)}
                  className="font-medium text-brand-700 hover:text-brand-900 [overflow-wrap:anywhere]"
                >
                  {h.customer.name}
                </Link>
                <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{h.customer.email}</p>
                <div className="mt-2">
                  <Identity holder={h} />
                </div>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
                  {(['balance', 'pendingOut', 'pendingIn'] as const).map((k) => (
                    <div key={k}>
                      <dt className="text-slate-600">{t(`holders.columns.${k}`)}</dt>
                      <dd className="font-medium tabular-nums">{n(h[k])}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
