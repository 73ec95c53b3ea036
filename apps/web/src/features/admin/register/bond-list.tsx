import { formatEuro, formatNumber } from '@token/domain/format';
import { Landmark, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocale } from '../../../lib/i18n.ts';
import { type BondRow, useBonds } from '../api/get-bonds.ts';
import { Badge } from '../components/badge.tsx';
import { useAdminLabels } from '../components/labels.ts';
import { ListCard, ListShell } from '../components/list-shell.tsx';

/** The register page of a bond. */
export const registerPath = (code: string) => `/admin/bonds/${encodeURIComponent(code)}`;

const codePattern = /^[A-Za-z0-9_.-]{1,100}$/;

/** Draft or published (drafts are not in the shop). */
function Status({ bond }: { bond: BondRow }) {
  const { t } = useAdminLabels();
  return (
    <Badge tone={bond.status === 'published' ? 'good' : 'neutral'}>
      {t(`bonds.statuses.${bond.status}`)}
    </Badge>
  );
}

/** The access badges; `dash`: a "–" when there are none (the table's cell), else nothing. */
function Access({ bond, dash = true }: { bond: BondRow; dash?: boolean }) {
  const { t } = useAdminLabels();
  const r = bond;
  if (!bond.whitelisting && !r.professionalOnly && r.investorLimit === null)
    return dash ? <span>–</span> : null;
  return (
    <span className="flex flex-wrap gap-1">
      {bond.whitelisting && <Badge tone="info">{t('bonds.whitelisting')}</Badge>}
      {r.professionalOnly && <Badge tone="warn">{t('bonds.professionalOnly')}</Badge>}
      {r.investorLimit !== null && <Badge>{t('bonds.investorLimit', { count: r.investorLimit })}</Badge>}
    </span>
  );
}

/** Opens a bond's register by its code: also bonds no list shows (out of stock, no variant). */
function ByCode() {
  const { t } = useAdminLabels();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (codePattern.test(value)) navigate(registerPath(value));
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('bonds.byCode')}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
    >
      <Input
        className="flex-1"
        label={t('bonds.code')}
        hint={t('bonds.codeHint')}
        value={code}
        maxLength={100}
        autoCapitalize="characters"
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="outline" className="sm:mb-6">
        {t('bonds.go')}
      </Button>
    </form>
  );
}

/** The bonds, drafts included, whose page an operator opens: a table on wide screens, cards on phones. */
export function BondList() {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const bonds = useBonds();
  const price = (b: BondRow) =>
    b.priceCents === null ? '–' : formatEuro(b.priceCents, { locale, fraction: 'always' });
  const sold = (b: BondRow) =>
    `${formatNumber(b.sold, { locale })} / ${formatNumber(b.totalSupply, { locale })}`;
  return (
    <ListShell
      filters={
        <div className="space-y-3">
          <Link to="/admin/bonds/new" className={buttonClasses({ variant: 'primary' })}>
            <Plus className="size-4" aria-hidden="true" />
            {t('bonds.new')}
          </Link>
          <ByCode />
        </div>
      }
      list={bonds}
      title={t('bonds.title')}
      count={(count) => t('bonds.count', { count })}
      empty={t('bonds.empty')}
      page={1}
      perPage={Number.MAX_SAFE_INTEGER}
      onPage={() => {}}
    >
      {(items) => (
        <>
          <table className="hidden w-full border-collapse text-left text-sm md:table">
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                {(['name', 'code', 'status', 'price', 'sold', 'access'] as const).map((c) => (
                  <th key={c} scope="col" className="py-2 pr-4 font-medium">
                    {t(`bonds.columns.${c}`)}
                  </th>
                ))}
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('bonds.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.code} className="border-b border-slate-100 align-top last:border-0">
                  <td className="py-3 pr-4 font-medium text-brand-900">{b.name}</td>
                  <td className="py-3 pr-4 font-mono text-xs">{b.code}</td>
                  <td className="py-3 pr-4">
                    <Status bond={b} />
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">{price(b)}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{sold(b)}</td>
                  <td className="py-3 pr-4">
                    <Access bond={b} />
                  </td>
                  <td className="py-3 text-right">
                    <Link
                      to={registerPath(b.code)}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                      aria-label={t('bonds.openLabel', { name: b.name })}
                    >
                      {t('bonds.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {items.map((b) => (
              <li key={b.code}>
                <ListCard
                  to={registerPath(b.code)}
                  label={t('bonds.openLabel', { name: b.name })}
                  icon={Landmark}
                >
                  <p className="font-medium text-brand-900">{b.name}</p>
                  <p className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">{b.code}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    {price(b)} · {t('bonds.columns.sold')} {sold(b)}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-1">
                    <Status bond={b} />
                    <Access bond={b} dash={false} />
                  </div>
                </ListCard>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListShell>
  );
}
