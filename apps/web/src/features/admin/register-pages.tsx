import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import './admin-texts.ts';
import { adminKeys } from './api/admin-keys.ts';
import { hasOpenInstructions, useMinting } from './api/get-minting.ts';
import { useRegister } from './api/get-register.ts';
import { BondDetails } from './bonds/bond-details.tsx';
import { AdminGate, LoadFailed } from './components/admin-gate.tsx';
import { AdminShell } from './components/admin-shell.tsx';
import { BondList } from './register/bond-list.tsx';
import { BondWhitelist } from './register/bond-whitelist.tsx';
import { HolderList } from './register/holder-list.tsx';
import { MintingBatch } from './register/minting-batch.tsx';
import { RegisterJournal } from './register/register-journal.tsx';
import { RegisterOverview } from './register/register-overview.tsx';
import { PayoutsTab } from './servicing/payouts-tab.tsx';
import { ScheduleTab } from './servicing/schedule-tab.tsx';
import { TermsTab } from './servicing/terms-tab.tsx';

/**
 * The sections of a bond's page, kept in its address as `?tab=`. A new section adds its name here,
 * its label under `register.tabs` and its panel in `RegisterPage`; the tab bar wraps in rows of three on a phone.
 */
export const registerTabs = [
  'overview',
  'details',
  'holders',
  'journal',
  'minting',
  'whitelist',
  'terms',
  'schedule',
  'payouts',
] as const;
export type RegisterTab = (typeof registerTabs)[number];

function BondsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminShell title={t('bonds.title')} intro={t('bonds.intro')}>
      <BondList />
    </AdminShell>
  );
}

/** /admin/bonds: the bonds whose register an operator opens. */
export function AdminBondsPage() {
  return (
    <AdminGate>
      <BondsPage />
    </AdminGate>
  );
}

function Tabs({ current }: { current: RegisterTab }) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('register.tabsLabel')} className="mb-5">
      {/* Rows of three equal columns on a phone, the labels wrapping inside them; one row from sm. */}
      <ul className="grid grid-cols-3 gap-1 border-b border-slate-200 sm:flex sm:flex-wrap">
        {registerTabs.map((tab) => {
          const next = new URLSearchParams();
          if (tab !== 'overview') next.set('tab', tab);
          const active = tab === current;
          return (
            <li key={tab} className="flex">
              <Link
                to={{ search: next.toString() }}
                aria-current={active ? 'page' : undefined}
                className={`flex w-full items-end justify-center border-b-2 px-0.5 py-2 text-center text-xs leading-tight font-medium sm:px-3 sm:text-sm ${
                  active
                    ? 'border-brand-700 text-brand-900'
                    : 'border-transparent text-slate-600 hover:text-brand-900'
                }`}
              >
                {t(`register.tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function RegisterPage() {
  const { t } = useTranslation('admin');
  const { code = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (registerTabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as RegisterTab)
    : 'overview';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const minting = useMinting(code);
  const poll = hasOpenInstructions(minting.data);
  const register = useRegister(code, poll);
  const back = { to: '/admin/bonds', label: t('bonds.back') };

  // the last confirmation may land between two reads: once nothing is open, read everything once more
  const queryClient = useQueryClient();
  const polled = useRef(false);
  useEffect(() => {
    if (polled.current && !poll) void queryClient.invalidateQueries({ queryKey: adminKeys.bond(code) });
    polled.current = poll;
  }, [poll, code, queryClient]);

  const title = t('register.title', { code });
  // the details stand on their own: a draft's page opens before anything is in its register
  if (tab === 'details') {
    return (
      <AdminShell
        title={register.data ? t('register.title', { code: register.data.name }) : title}
        intro={code}
        back={back}
      >
        <Tabs current={tab} />
        <BondDetails code={code} />
      </AdminShell>
    );
  }
  if (register.isPending) {
    return (
      <AdminShell title={title} back={back}>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </AdminShell>
    );
  }
  if (register.isError) {
    const missing = register.error instanceof ApiError && [400, 404].includes(register.error.status);
    return (
      <AdminShell title={title} back={back}>
        {missing ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
            <p className="text-slate-700">{t('register.notFound')}</p>
            <Link to="/admin/bonds" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
              {t('bonds.back')}
            </Link>
          </div>
        ) : (
          <LoadFailed error={register.error} retry={() => register.refetch()} />
        )}
      </AdminShell>
    );
  }

  return (
    <AdminShell title={t('register.title', { code: register.data.name })} intro={code} back={back}>
      <Tabs current={tab} />
      {poll && (
        <p
          role="status"
          className="mb-4 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900"
        >
          {t('register.polling')}
        </p>
      )}
      {tab === 'overview' && <RegisterOverview register={register.data} />}
      {tab === 'holders' && <HolderList code={code} holders={register.data.holders} />}
      {tab === 'journal' && (
        <RegisterJournal
          code={code}
          page={page}
          poll={poll}
          onPage={(next) => setParams(next > 1 ? { tab: 'journal', page: String(next) } : { tab: 'journal' })}
        />
      )}
      {tab === 'minting' && <MintingBatch code={code} preview={minting} />}
      {tab === 'whitelist' && <BondWhitelist code={code} whitelisting={register.data.whitelisting} />}
      {tab === 'terms' && <TermsTab code={code} />}
      {tab === 'schedule' && <ScheduleTab code={code} />}
      {tab === 'payouts' && <PayoutsTab code={code} />}
    </AdminShell>
  );
}

/** /admin/bonds/:code: a bond's register (overview with chain check, holders, journal, minting, whitelist). */
export function AdminRegisterPage() {
  return (
    <AdminGate>
      <RegisterPage />
    </AdminGate>
  );
}
