import { isProfessionalInvestor } from '@token/domain/accounts';
import { shortenAddress } from '@token/domain/wallets';
import {
  Award,
  Bell,
  BellRing,
  Building2,
  ChevronRight,
  Coins,
  FileText,
  HandCoins,
  Heart,
  KeyRound,
  Layers,
  LogOut,
  Mail,
  Megaphone,
  ReceiptText,
  ShieldCheck,
  ShieldUser,
  Sparkles,
  SquarePlus,
  Store,
  UserRound,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { Panel } from './components/page-shell.tsx';
import { SessionsList } from './components/sessions-list.tsx';
import { useLogOut } from './components/use-log-out.ts';

const itemClass =
  'group flex w-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50';

function MenuContent({ icon, title, text }: { icon: ReactNode; title: string; text: ReactNode }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-white">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-brand-900">{title}</span>
        <span className="block text-sm text-slate-600 [overflow-wrap:anywhere]">{text}</span>
      </span>
    </>
  );
}

function MenuLink({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: ReactNode;
}) {
  return (
    <li className="min-w-0">
      <Link to={to} className={itemClass}>
        <MenuContent icon={icon} title={title} text={text} />
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** /account: the main menu of spec 2 (profile, password, e-mail, notifications, two-factor, logout) and the active sessions. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const record = useCustomerRecord();
  const logOut = useLogOut();
  const c = record.data;
  const iconClass = 'size-5';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <DocumentTitle title={t('account.title')} />
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">
        {t('account.title')}
      </h1>
      {c ? (
        <p className="mt-2 text-slate-700 [overflow-wrap:anywhere]">
          {t('account.signedInAs', { name: c.fullName, email: c.email })}
        </p>
      ) : (
        <Skeleton className="mt-3 h-5 w-72 max-w-full" />
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        <nav aria-label={t('account.menu')} className="min-w-0 lg:col-span-3">
          <h2 className="sr-only">{t('account.menu')}</h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <MenuLink
              to="/account/edit"
              icon={<UserRound className={iconClass} aria-hidden="true" />}
              title={t('account.profile')}
              text={t('account.profileText')}
            />
            {c?.accountType === 'company' && (
              <MenuLink
                to="/account/company-edit"
                icon={<Building2 className={iconClass} aria-hidden="true" />}
                title={t('account.company')}
                text={t('account.companyText')}
              />
            )}
            <MenuLink
              to="/account/change-password"
              icon={<KeyRound className={iconClass} aria-hidden="true" />}
              title={t('account.password')}
              text={t('account.passwordText')}
            />
            <MenuLink
              to="/account/change-email"
              icon={<Mail className={iconClass} aria-hidden="true" />}
              title={t('account.email')}
              text={c ? c.email : t('account.emailText')}
            />
            <MenuLink
              to="/account/edit#newsletter"
              icon={<Bell className={iconClass} aria-hidden="true" />}
              title={t('account.notifications')}
              text={
                c
                  ? c.subscribedToNewsletter
                    ? t('account.newsletterOn')
                    : t('account.newsletterOff')
                  : t('account.notificationsText')
              }
            />
            <MenuLink
              to="/account/two-factor"
              icon={<ShieldCheck className={iconClass} aria-hidden="true" />}
              title={t('account.twoFactor')}
              text={
                c ? (
                  <span className={c.twoFactorEnabled ? 'font-medium text-accent-700' : ''}>
                    {c.twoFactorEnabled ? t('account.twoFactorOn') : t('account.twoFactorOff')}
                  </span>
                ) : (
                  t('account.twoFactorText')
                )
              }
            />
            <MenuLink
              to="/account/orders"
              icon={<ReceiptText className={iconClass} aria-hidden="true" />}
              title={t('account.orders')}
              text={t('account.ordersText')}
            />
            <MenuLink
              to="/account/wallet"
              icon={<Coins className={iconClass} aria-hidden="true" />}
              title={t('account.wallet')}
              text={t('account.walletText')}
            />
            <MenuLink
              to="/account/payments"
              icon={<HandCoins className={iconClass} aria-hidden="true" />}
              title={t('account.payments')}
              text={t('account.paymentsText')}
            />
            <MenuLink
              to="/account/exerpts"
              icon={<FileText className={iconClass} aria-hidden="true" />}
              title={t('account.excerpts')}
              text={t('account.excerptsText')}
            />
            <MenuLink
              to="/account/attract-investors"
              icon={<Megaphone className={iconClass} aria-hidden="true" />}
              title={t('account.referrals')}
              text={t('account.referralsText')}
            />
            <MenuLink
              to="/account/custody"
              icon={<Wallet className={iconClass} aria-hidden="true" />}
              title={t('account.custody')}
              text={c?.defaultWallet ? shortenAddress(c.defaultWallet) : t('account.custodyText')}
            />
            <MenuLink
              to="/account/privacy"
              icon={<ShieldUser className={iconClass} aria-hidden="true" />}
              title={t('account.privacy')}
              text={t('account.privacyText')}
            />
            <MenuLink
              to="/account/professional"
              icon={<Award className={iconClass} aria-hidden="true" />}
              title={t('account.professional')}
              text={
                isProfessionalInvestor(c?.customerRolesAsString)
                  ? t('account.professionalOn')
                  : t('account.professionalText')
              }
            />
            <li>
              <button type="button" className={itemClass} onClick={logOut}>
                <MenuContent
                  icon={<LogOut className={iconClass} aria-hidden="true" />}
                  title={t('account.logout')}
                  text={t('account.logoutText')}
                />
              </button>
            </li>
          </ul>
          <h2 className="mt-8 mb-3 text-lg font-semibold text-brand-900">{t('account.marketplace')}</h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <MenuLink
              to="/edit-profile"
              icon={<Store className={iconClass} aria-hidden="true" />}
              title={t('account.publicProfile')}
              text={t('account.publicProfileText')}
            />
            <MenuLink
              to="/create-content"
              icon={<SquarePlus className={iconClass} aria-hidden="true" />}
              title={t('account.createContent')}
              text={t('account.createContentText')}
            />
            <MenuLink
              to="/created"
              icon={<Sparkles className={iconClass} aria-hidden="true" />}
              title={t('account.created')}
              text={t('account.createdText')}
            />
            <MenuLink
              to="/my-collection"
              icon={<Layers className={iconClass} aria-hidden="true" />}
              title={t('account.myCollection')}
              text={t('account.myCollectionText')}
            />
            <MenuLink
              to="/favourites"
              icon={<Heart className={iconClass} aria-hidden="true" />}
              title={t('account.favourites')}
              text={t('account.favouritesText')}
            />
            <MenuLink
              to="/notifications-settings"
              icon={<BellRing className={iconClass} aria-hidden="true" />}
              title={t('account.notificationSettings')}
              text={t('account.notificationSettingsText')}
            />
          </ul>
        </nav>
        <Panel title={t('sessions.title')} className="min-w-0 self-start lg:col-span-2">
          <p className="-mt-2 mb-4 text-sm text-slate-600">{t('sessions.intro')}</p>
          <SessionsList />
        </Panel>
      </div>
    </div>
  );
}
