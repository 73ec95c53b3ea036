import { Menu, Search, X } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useChannel } from '../lib/channel.ts';
import { useTranslation } from '../lib/i18n.ts';
import { useSession } from '../lib/session.tsx';
import { LanguageSwitch } from './language-switch.tsx';

function Logo() {
  const channel = useChannel();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-brand-900">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="#fff" />
        <circle cx="23" cy="22" r="3" fill="#2dd4bf" />
      </svg>
      <span className="text-lg font-semibold tracking-tight max-[379px]:sr-only">
        {channel.data?.name ?? 'Tokenwerk'}
      </span>
    </Link>
  );
}

const AccountLinks = lazy(() => import('./account-links.tsx').then((m) => ({ default: m.AccountLinks })));

/**
 * What the header offers: login and sign-up when logged out; a logged-in visitor's links (dashboard,
 * account, greeting, wallet, logout, /admin for an operator) come as a chunk of their own, since no
 * server-rendered page shows them (decision 021).
 */
function SessionLinks({ onNavigate, stacked }: { onNavigate?: () => void; stacked?: boolean }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) {
    return (
      <>
        <Link
          to="/login"
          onClick={onNavigate}
          className={buttonClasses({ variant: stacked ? 'outline' : 'ghost', size: stacked ? 'md' : 'sm' })}
        >
          {t('header.login')}
        </Link>
        <Link
          to="/sign-up"
          onClick={onNavigate}
          className={buttonClasses({ variant: 'primary', size: stacked ? 'md' : 'sm' })}
        >
          {t('header.signUp')}
        </Link>
      </>
    );
  }
  return (
    // the greeting's place while the links arrive, so nothing jumps
    <Suspense fallback={<Skeleton className="mx-3 h-4 w-24" />}>
      <AccountLinks onNavigate={onNavigate} stacked={stacked} />
    </Suspense>
  );
}

/** A compact search field (wide screens): goes to `/search?phrase=`; the search page has the full box. */
function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const phrase = value.trim();
    void navigate(phrase ? `/search?${new URLSearchParams({ phrase })}` : '/search');
    setValue('');
  };
  return (
    <search className="relative mr-1 hidden lg:block">
      {/* without JavaScript (before a server-rendered page hydrates) the form still searches */}
      <form onSubmit={submit} action="/search" method="get">
        <label htmlFor={id} className="sr-only">
          {t('search.label')}
        </label>
        <input
          id={id}
          type="search"
          name="phrase"
          value={value}
          maxLength={200}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('header.search')}
          className="h-9 w-44 rounded-md border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <button
          type="submit"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-slate-600 hover:text-brand-900"
          aria-label={t('header.searchSubmit')}
        >
          <Search className="size-4" aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}

/** The search as an icon (narrow screens, and beside the compact field's breakpoint). */
function SearchIconLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/search"
      aria-label={t('search.open')}
      className={`rounded-md p-2 text-brand-900 hover:bg-slate-100 ${className}`}
    >
      <Search className="size-5" aria-hidden="true" />
    </Link>
  );
}

/** spec 1: the header, against the session context. */
export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t('header.navigation')} className="hidden items-center gap-1 md:flex">
          <HeaderSearch />
          <SearchIconLink className="lg:hidden" />
          <SessionLinks />
          <LanguageSwitch className="ml-2" />
        </nav>
        <div className="flex items-center gap-2 md:hidden">
          <SearchIconLink />
          <LanguageSwitch />
          <button
            type="button"
            className="rounded-md p-2 text-brand-900 hover:bg-slate-100"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="mobile-menu"
          aria-label={t('header.navigation')}
          className="flex flex-col gap-2 border-t border-slate-200 bg-white px-4 py-3 md:hidden"
        >
          <SessionLinks stacked onNavigate={() => setOpen(false)} />
        </nav>
      )}
    </header>
  );
}
