import { LayoutDashboard, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { WalletConnectButton } from '../features/wallet-extension/wallet-connect-button.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { useSession } from '../lib/session.tsx';
import { useLogOut } from './log-out.ts';

/** The header's links for a logged-in visitor: greeting, dashboard, account, /admin for an operator, wallet, logout. */
export function AccountLinks({
  onNavigate,
  stacked,
}: {
  onNavigate?: (() => void) | undefined;
  stacked?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { customer } = useSession();
  const logOut = useLogOut();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium ${
      isActive ? 'text-brand-900 bg-brand-50' : 'text-slate-700 hover:text-brand-900 hover:bg-slate-100'
    }`;
  return (
    <>
      {customer ? (
        <span className="px-3 py-2 text-sm text-slate-600" data-testid="greeting">
          {t('header.greeting', { name: customer.firstName || customer.fullName })}
        </span>
      ) : (
        // the record is on its way: keep the place, so the links do not jump
        <Skeleton className="mx-3 h-4 w-24" />
      )}
      <NavLink to="/" end onClick={onNavigate} className={linkClass}>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        {t('header.dashboard')}
      </NavLink>
      <NavLink to="/account" onClick={onNavigate} className={linkClass}>
        <UserRound className="size-4" aria-hidden="true" />
        {t('header.account')}
      </NavLink>
      {customer?.isOperator && (
        <NavLink to="/admin" onClick={onNavigate} className={linkClass}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('header.admin')}
        </NavLink>
      )}
      <WalletConnectButton stacked={stacked} />
      <button
        type="button"
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
        onClick={async () => {
          if (await logOut()) onNavigate?.();
        }}
      >
        <LogOut className="size-4" aria-hidden="true" />
        {t('header.logout')}
      </button>
    </>
  );
}
